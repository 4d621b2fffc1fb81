/**
 * The "Search Tools" dialog itself, loaded on first use of the header's
 * Search button (SearchDialog.tsx) so the first paint of every page carries
 * no dialog code.
 */
import { useRef, useState, type RefObject } from 'react';
import { Dialog, IconButton, VisuallyHidden } from '@radix-ui/themes';
import { X } from 'lucide-react';
import { DIALOG_RESULTS_MAX_HEIGHT } from './constants';
import { SearchResults, searchKeyDown } from './SearchResults';
import { ToolSearchField } from './ToolSearchField';
import { t } from '../lib/i18n/messages';

export default function SearchPanel({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);

  function change(next: boolean) {
    onOpenChange(next);
    if (!next) setQuery('');
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Content
        maxWidth="560px"
        className="search-dialog"
        onOpenAutoFocus={(event) => {
          // Start in the search box rather than on the close button.
          event.preventDefault();
          input.current?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // The trigger lives outside the dialog's tree: give focus back to it.
          event.preventDefault();
          trigger.current?.focus();
        }}
        onKeyDown={searchKeyDown}
      >
        <div className="search-dialog-head">
          <Dialog.Title size="5" mb="0">
            {t('common.search.title')}
          </Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label={t('common.search.close')}>
              <X aria-hidden="true" size={18} />
            </IconButton>
          </Dialog.Close>
        </div>
        <VisuallyHidden>
          <Dialog.Description>{t('common.search.description')}</Dialog.Description>
        </VisuallyHidden>
        <ToolSearchField inputRef={input} label={t('common.search.label')} value={query} onChange={setQuery} mt="3" />
        <SearchResults query={query} maxHeight={DIALOG_RESULTS_MAX_HEIGHT} onPick={() => change(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
