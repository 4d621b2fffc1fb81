/** The red × that takes one file off a list of chosen files (the file list, and views that list files their own way). */
import { IconButton } from '@radix-ui/themes';
import { X } from 'lucide-react';
import { t } from '../lib/i18n/messages';

/** Removes files[index]: by place, so a file chosen twice loses only the copy whose button was pressed. */
export function RemoveFileButton({ files, index, onChange, disabled }: { files: File[]; index: number; onChange(files: File[]): void; disabled?: boolean }) {
  return (
    <IconButton
      type="button"
      size="1"
      variant="ghost"
      color="red"
      aria-label={t('engine.removeFile.label', { name: files[index]?.name })}
      disabled={disabled}
      onClick={() => onChange(files.filter((_, i) => i !== index))}
    >
      <X size={14} />
    </IconButton>
  );
}
