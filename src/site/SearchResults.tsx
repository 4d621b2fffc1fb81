import { useMemo, type KeyboardEvent } from 'react';
import { SiteLink } from './navigation';
import { searchTools } from '../engine/catalogue-summary';
import { searchWorkflows } from '../engine/workflow-summary';
import { demoBadge, demoBadgeTitle } from '../engine/demo/demo-badge';
import { ToolIcon } from '../engine/ToolIcon';
import { t } from '../lib/i18n/messages';


/**
 * Live results for the header searches: tools whose title, description or
 * category match, then workflows whose title or description match. A blank
 * or whitespace-only query shows nothing.
 */
export function SearchResults({
  query,
  maxHeight,
  onPick,
}: {
  query: string;
  maxHeight: number;
  onPick?: () => void;
}) {
  const results = useMemo(() => searchTools(query), [query]);
  const workflows = useMemo(() => searchWorkflows(query), [query]);
  if (query.trim() === '') return null;
  return (
    <div className="search-results" style={{ maxHeight, overflowY: 'auto' }} data-testid="search-results">
      {results.length === 0 && workflows.length === 0 ? (
        <p className="search-empty" role="status">
          {t('common.search.none', { query: query.trim() })}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {foundText(results.length, workflows.length)}
          </p>
          <ul className="search-list">
            {results.map((tool) => (
              <li key={tool.slug}>
                <SiteLink to={`/tools/${tool.slug}`} className="search-result" onClick={onPick}>
                  <ToolIcon name={tool.icon} size={20} className="search-result-icon" />
                  <span className="search-result-text">
                    <span className="search-result-title">
                      {tool.title}
                      {tool.demoOnly && (
                        <span className="tool-badge tool-badge-demo" title={demoBadgeTitle()}>
                          {demoBadge()}
                        </span>
                      )}
                    </span>
                    <span className="search-result-description">{tool.description}</span>
                  </span>
                </SiteLink>
              </li>
            ))}
            {workflows.map((workflow) => (
              <li key={`workflow-${workflow.slug}`}>
                <SiteLink to={`/workflows/${workflow.slug}`} className="search-result" onClick={onPick}>
                  <ToolIcon name={workflow.icon} size={20} className="search-result-icon" />
                  <span className="search-result-text">
                    <span className="search-result-title">
                      {workflow.title}
                      <span className="tool-badge tool-badge-workflow">{t('common.search.workflowBadge')}</span>
                    </span>
                    <span className="search-result-description">{workflow.description}</span>
                  </span>
                </SiteLink>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

/** "3 tools found", "1 tool and 2 workflows found". */
function foundText(tools: number, workflows: number): string {
  if (workflows === 0) return t('common.search.foundTools', { tools });
  if (tools === 0) return t('common.search.foundWorkflows', { workflows });
  return t('common.search.foundBoth', { tools, workflows });
}

/**
 * Keyboard moves over a search box and its results, for the element holding
 * both: ArrowDown and ArrowUp move between the box and the result links,
 * Enter in the box opens the first result (Enter on a link follows it).
 */
export function searchKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const container = event.currentTarget;
  const links = [...container.querySelectorAll<HTMLAnchorElement>('a.search-result')];
  if (links.length === 0) return;
  const input = container.querySelector<HTMLInputElement>('input[type="search"]');
  const items: HTMLElement[] = input ? [input, ...links] : links;
  const at = items.indexOf(document.activeElement as HTMLElement);
  if (event.key === 'ArrowDown') {
    event.preventDefault();
    items[Math.min(at + 1, items.length - 1)].focus();
  } else if (event.key === 'ArrowUp') {
    event.preventDefault();
    items[Math.max(at - 1, 0)].focus();
  } else if (event.key === 'Enter' && event.target === input) {
    event.preventDefault();
    links[0].click();
  }
}
