import { TextField } from '@radix-ui/themes';
import { Search } from 'lucide-react';
import type { ComponentProps, Ref } from 'react';
import { t } from '../lib/i18n/messages';

/** The "Search for tools..." box of the All Tools page and the search dialog; `label` names it for each place. */
export function ToolSearchField({
  label,
  value,
  onChange,
  inputRef,
  className,
  mt,
}: {
  label: string;
  value: string;
  onChange(query: string): void;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
  mt?: ComponentProps<typeof TextField.Root>['mt'];
}) {
  return (
    <TextField.Root
      ref={inputRef}
      className={className}
      mt={mt}
      size="3"
      type="search"
      placeholder={t('common.search.placeholder')}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <TextField.Slot>
        <Search aria-hidden="true" size={18} />
      </TextField.Slot>
    </TextField.Root>
  );
}
