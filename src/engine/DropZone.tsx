/**
 * The upload area: accepted types, file count and size per file come from the
 * manifest; rejected files produce the specification's toasts verbatim. Files
 * chosen or dropped before the page was live, and files dropped elsewhere on
 * the page, come in through its input too (useEarlyFiles).
 */
import { Upload } from 'lucide-react';
import { useDropzone, type FileRejection } from 'react-dropzone';
import type { ToolManifest } from '../../schemas/manifest';
import { megabytes } from '../lib/format-size';
import { emptyFileMessage, tooLargeMessage } from '../core/admission';
import { notify, TOO_MANY_FILES_TITLE, tooManyFilesMessage } from './notify';
import { useEarlyFiles } from './useEarlyFiles';

export const DEFAULT_HELP = 'Drag and drop your file here, or click to browse.';
export const MULTI_HELP = 'Drag and drop your files here, or click to browse.';

/** Shows one toast per problem, as the specification words them. */
export function reportRejections(rejections: FileRejection[], limits: ToolManifest['limits']): void {
  let tooMany = false;
  for (const { file, errors } of rejections) {
    for (const error of errors) {
      if (error.code === 'too-many-files') {
        tooMany = true;
      } else if (error.code === 'file-too-large') {
        notify.error(tooLargeMessage(file.name, limits.maxBytes), 'File too large');
      } else if (error.code === 'file-invalid-type') {
        notify.error(`The file ${file.name} is not a supported file type.`, 'Invalid file type');
      } else {
        notify.error(error.message || 'There was an error with your file.');
      }
    }
  }
  if (tooMany) notify.error(tooManyFilesMessage(limits.maxFiles), TOO_MANY_FILES_TITLE);
}

function describeAccept(accept: Record<string, string[]>): string {
  const exts = [...new Set(Object.values(accept).flat())].map((e) => e.slice(1).toUpperCase());
  return exts.join(', ');
}

interface DropZoneProps {
  manifest: ToolManifest;
  onFiles(files: File[]): void;
  disabled?: boolean;
}

export function DropZone({ manifest, onFiles, disabled }: DropZoneProps) {
  const { accept, limits } = manifest;
  const multiple = limits.maxFiles > 1;
  const { getRootProps, getInputProps, inputRef, isDragActive, isDragAccept, isDragReject } = useDropzone({
    accept,
    multiple,
    maxSize: limits.maxBytes,
    // Appending tools take any drop and cut the list to the limit, as the specification says.
    maxFiles: limits.appendFiles ? 0 : limits.maxFiles,
    disabled,
    validator: (file) => (file.size === 0 ? { code: 'file-empty', message: emptyFileMessage(file.name) } : null),
    onDrop: (accepted, rejected) => {
      if (rejected.length) reportRejections(rejected, limits);
      if (accepted.length) onFiles(accepted);
      taken();
    },
    onError: (error) => {
      taken();
      console.error(error);
    },
  });
  const taken = useEarlyFiles(inputRef, disabled);
  const state = isDragReject ? 'reject' : isDragAccept ? 'accept' : isDragActive ? 'active' : 'idle';
  return (
    // A button-like control: announced as a button, Enter and Space open the file chooser
    // (react-dropzone handles both keys on the root). The hidden file input sits beside it, not
    // inside, so no control is nested in another.
    <>
      <input {...getInputProps({ 'aria-label': multiple ? 'Choose files' : 'Choose a file' })} data-testid="file-input" />
      <div
        {...getRootProps({ className: `dropzone dropzone-${state}`, 'aria-label': multiple ? 'Upload files' : 'Upload a file' })}
        role="button"
        aria-disabled={disabled || undefined}
        data-state={state}
      >
      <Upload className="dropzone-icon" aria-hidden="true" size={36} />
      <p className="dropzone-help">{multiple ? MULTI_HELP : DEFAULT_HELP}</p>
      <p className="dropzone-limits">
        {describeAccept(accept)} · up to {megabytes(limits.maxBytes)} MB each
        {multiple ? ` · up to ${limits.maxFiles} files` : ''}
      </p>
      </div>
    </>
  );
}
