import { useRef, useState } from 'react';
import { Dialog, IconButton, TextField, VisuallyHidden } from '@radix-ui/themes';
import { Search, X } from 'lucide-react';
import { DIALOG_RESULTS_MAX_HEIGHT } from './constants';
import { SearchResults } from './SearchResults';

/** The header's Search button and its "Search Tools" dialog. */
export function SearchDialog() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);

  function change(next: boolean) {
    setOpen(next);
    if (!next) setQuery('');
  }

  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger>
        <button type="button" className="header-search-button">
          <Search aria-hidden="true" size={18} />
          <span>Search</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Content
        maxWidth="560px"
        className="search-dialog"
        onOpenAutoFocus={(event) => {
          // Start in the search box rather than on the close button.
          event.preventDefault();
          input.current?.focus();
        }}
      >
        <div className="search-dialog-head">
          <Dialog.Title size="5" mb="0">
            Search Tools
          </Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close search">
              <X aria-hidden="true" size={18} />
            </IconButton>
          </Dialog.Close>
        </div>
        <VisuallyHidden>
          <Dialog.Description>Type to find a tool by name, description or category.</Dialog.Description>
        </VisuallyHidden>
        <TextField.Root
          ref={input}
          size="3"
          type="search"
          placeholder="Search for tools..."
          aria-label="Search tools"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          mt="3"
        >
          <TextField.Slot>
            <Search aria-hidden="true" size={18} />
          </TextField.Slot>
        </TextField.Root>
        <SearchResults query={query} maxHeight={DIALOG_RESULTS_MAX_HEIGHT} onPick={() => change(false)} />
      </Dialog.Content>
    </Dialog.Root>
  );
}
