import { lazy, Suspense, useRef, useState } from 'react';
import { SiteIcon } from './SiteIcon';

const loadPanel = () => import('./SearchPanel');
const SearchPanel = lazy(loadPanel);

/**
 * The header's Search button. The "Search Tools" dialog (SearchPanel) loads
 * when the pointer or focus reaches the button, or on the first click.
 */
export function SearchDialog() {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        className="header-search-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <SiteIcon name="Search" aria-hidden="true" size={18} />
        <span>Search</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
