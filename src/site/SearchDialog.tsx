import { lazy, Suspense, useRef, useState } from 'react';
import { SiteIcon } from './SiteIcon';
import { t } from '../lib/i18n/messages';
import { loadCatalogueDescriptions } from '../engine/catalogue-summary';

// The panel lists tools with their descriptions: both load when the search is about to open.
const loadPanel = () => Promise.all([import('./SearchPanel'), loadCatalogueDescriptions()]).then(([panel]) => panel);
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
        <span>{t('common.search.button')}</span>
      </button>
      {used && (
        <Suspense fallback={null}>
          <SearchPanel open={open} onOpenChange={setOpen} trigger={trigger} />
        </Suspense>
      )}
    </>
  );
}
