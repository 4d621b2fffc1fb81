/** The inline search of the mobile menu; loaded when the menu first opens, so the home page does not carry it. */
import { MOBILE_RESULTS_MAX_HEIGHT } from './constants';
import { SearchResults, searchKeyDown } from './SearchResults';
import { t } from '../lib/i18n/messages';


export default function MobileSearch({ query, onQuery, onPick }: { query: string; onQuery(query: string): void; onPick(): void }) {
  return (
    <div className="mobile-search" onKeyDown={searchKeyDown}>
      <label htmlFor="mobile-search-input" className="visually-hidden">
        {t('common.search.label')}
      </label>
      <input
        id="mobile-search-input"
        type="search"
        className="mobile-search-input"
        placeholder={t('common.search.placeholder')}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
      />
      <SearchResults query={query} maxHeight={MOBILE_RESULTS_MAX_HEIGHT} onPick={onPick} />
    </div>
  );
}
