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
import { notify, tooManyFilesTitle, tooManyFilesMessage } from './notify';
import { useEarlyFiles } from './useEarlyFiles';
import { t } from '../lib/i18n/messages';

export const defaultHelp = () => t('engine.dropZone.help');
export const multiHelp = () => t('engine.dropZone.helpMany');

/** Shows one toast per problem, as the specification words them. */
export function reportRejections(rejections: FileRejection[], limits: ToolManifest['limits']): void {
  let tooMany = false;
  for (const { file, errors } of rejections) {
    for (const error of errors) {
      if (error.code === 'too-many-files') {
        tooMany = true;
      } else if (error.code === 'file-too-large') {
        notify.error(tooLargeMessage(file.name, limits.maxBytes), t('engine.dropZone.tooLargeTitle'));
      } else if (error.code === 'file-invalid-type') {
        notify.error(t('engine.dropZone.invalidType', { name: file.name }), t('engine.dropZone.invalidTypeTitle'));
      } else {
        notify.error(error.message || t('engine.dropZone.fileError'));
      }
    }
  }
  if (tooMany) notify.error(tooManyFilesMessage(limits.maxFiles), tooManyFilesTitle());
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
      <input {...getInputProps({ 'aria-label': multiple ? t('engine.dropZone.chooseFiles') : t('engine.dropZone.chooseFile') })} data-testid="file-input" />
      <div
        {...getRootProps({ className: `dropzone dropzone-${state}`, 'aria-label': multiple ? t('engine.dropZone.uploadFiles') : t('engine.dropZone.uploadFile') })}
        role="button"
        aria-disabled={disabled || undefined}
        data-state={state}
      >
      <Upload className="dropzone-icon" aria-hidden="true" size={36} />
      <p className="dropzone-help">{multiple ? multiHelp() : defaultHelp()}</p>
      <p className="dropzone-limits">
        {multiple
          ? t('engine.dropZone.limitsMany', { types: describeAccept(accept), megabytes: Number(megabytes(limits.maxBytes)), maxFiles: limits.maxFiles })
          : t('engine.dropZone.limits', { types: describeAccept(accept), megabytes: Number(megabytes(limits.maxBytes)) })}
      </p>
      </div>
    </>
  );
}
