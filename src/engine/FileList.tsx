/** The chosen files with sizes in KB to one decimal; optional reorder and remove controls. */
import { IconButton } from '@radix-ui/themes';
import { ArrowDown, ArrowUp, FileIcon } from 'lucide-react';
import { t } from '../lib/i18n/messages';
import { kilobytesText } from './sizes';
import { RemoveFileButton } from './RemoveFileButton';

interface FileListProps {
  files: File[];
  onChange?(files: File[]): void;
  reorder?: boolean;
  disabled?: boolean;
  maxHeight?: number;
}

function move<T>(list: T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

export function FileList({ files, onChange, reorder, disabled, maxHeight }: FileListProps) {
  if (files.length === 0) return null;
  return (
    <ul className="file-list" aria-label={t('engine.fileList.label')} style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
      {files.map((file, i) => (
        <li key={`${file.name}-${file.size}-${i}`} className="file-item">
          <FileIcon size={18} aria-hidden="true" />
          <span className="file-name">{file.name}</span>
          <span className="file-size">{kilobytesText(file.size)}</span>
          {reorder && onChange && (
            <span className="file-actions">
              <IconButton
                type="button"
                size="1"
                variant="soft"
                aria-label={t('engine.fileList.moveUp', { name: file.name })}
                disabled={disabled || i === 0}
                onClick={() => onChange(move(files, i, i - 1))}
              >
                <ArrowUp size={14} />
              </IconButton>
              <IconButton
                type="button"
                size="1"
                variant="soft"
                aria-label={t('engine.fileList.moveDown', { name: file.name })}
                disabled={disabled || i === files.length - 1}
                onClick={() => onChange(move(files, i, i + 1))}
              >
                <ArrowDown size={14} />
              </IconButton>
            </span>
          )}
          {onChange && <RemoveFileButton files={files} index={i} onChange={onChange} disabled={disabled} />}
        </li>
      ))}
    </ul>
  );
}
