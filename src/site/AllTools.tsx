/**
 * All Tools page (/tools): text search, category tabs and a compact tool grid grouped by category,
 * then the workflows and the chain builder in a group of their own (under All, narrowed by the search).
 */
import { useMemo, useState } from 'react';
import { CATEGORIES, catalogue, categoryHeading, categoryLabel, type Category, type ToolSummary } from '../engine/catalogue-summary';
import { featuresOf } from '../engine/catalogue-features';
import { workflows } from '../engine/workflow-summary';
import { CategoryTabs, type TabOption } from './CategoryTabs';
import { pageTitle } from './constants';
import { ToolCard } from './ToolCard';
import { ToolSearchField } from './ToolSearchField';
import { useDocumentTitle } from './useDocumentTitle';
import { BuilderCard, WorkflowCard } from './WorkflowCard';
import { usePageReady } from '../lib/page-ready';
import { t } from '../lib/i18n/messages';


type TabValue = 'all' | Category;

/** Case-insensitive match on title or description; a blank query matches everything. */
export function matchesQuery(tool: Pick<ToolSummary, 'title' | 'description'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || tool.title.toLowerCase().includes(q) || tool.description.toLowerCase().includes(q);
}

function tabOptions(): TabOption<TabValue>[] {
  return [
    { value: 'all', label: t('tools.tabAll') },
    ...CATEGORIES.filter((c) => catalogue.some((tool) => tool.category === c)).map((c) => ({ value: c, label: categoryLabel(c) })),
  ];
}

/** The category tabs' ids and name; the panel they control takes the same ids, so the two cannot drift apart. */
const TOOL_TABS = { panelId: 'tools-panel', idPrefix: 'tools-tab' } as const;

/** The tools in catalogue order, split where the category changes (the catalogue is ordered by category). */
function groupByCategory(tools: readonly ToolSummary[]): [Category, ToolSummary[]][] {
  const groups: [Category, ToolSummary[]][] = [];
  for (const tool of tools) {
    const last = groups[groups.length - 1];
    if (last && last[0] === tool.category) last[1].push(tool);
    else groups.push([tool.category, [tool]]);
  }
  return groups;
}

export function AllTools() {
  usePageReady();
  useDocumentTitle(pageTitle(t('tools.title')));
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<TabValue>('all');
  const tools = useMemo(
    () => catalogue.filter((t) => (tab === 'all' || t.category === tab) && matchesQuery(t, query)),
    [tab, query],
  );
  const searching = query.trim() !== '';
  const flows = tab === 'all' ? workflows().filter((w) => matchesQuery(w, query)) : [];

  return (
    <div className="container page-padding all-tools">
      <div className="page-header">
        <h1>{t('tools.title')}</h1>
        <p className="page-lead">
          {t('tools.lead')}
        </p>
      </div>

      <div className="all-tools-controls">
        <ToolSearchField className="all-tools-search" label={t('tools.searchLabel')} value={query} onChange={setQuery} />

        <CategoryTabs options={tabOptions()} value={tab} onChange={setTab} label={t('tools.tabsLabel')} {...TOOL_TABS} />
      </div>

      <div id={TOOL_TABS.panelId} role="tabpanel" aria-labelledby={`${TOOL_TABS.idPrefix}-${tab}`} className="tools-panel">
        <p className="visually-hidden" role="status">
          {t('tools.shown', { count: tools.length })}
        </p>
        {tools.length === 0 ? (
          <p className="empty-state">{t('tools.empty')}</p>
        ) : (
          groupByCategory(tools).map(([category, group]) => (
            <section key={category} className="tool-group" aria-labelledby={`tool-group-${category}`}>
              <h2 id={`tool-group-${category}`} className="tool-group-heading">
                {categoryHeading(category)} <span className="tool-group-count">{group.length}</span>
              </h2>
              <ul className="tool-grid tool-grid-compact">
                {group.map((tool) => (
                  <li key={tool.slug}>
                    <ToolCard tool={tool} headingLevel={3} features={featuresOf(tool.slug)} compact />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>

      {tab === 'all' && (flows.length > 0 || !searching) && (
        <section className="tool-group workflow-group" aria-labelledby="tool-group-workflows">
          <h2 id="tool-group-workflows" className="tool-group-heading">
            {t('tools.workflows')} <span className="tool-group-count">{flows.length}</span>
          </h2>
          <p className="tool-group-lead">{t('tools.workflowsLead')}</p>
          <ul className="tool-grid tool-grid-compact">
            {flows.map((workflow) => (
              <li key={workflow.slug}>
                <WorkflowCard workflow={workflow} />
              </li>
            ))}
            {!searching && (
              <li>
                <BuilderCard />
              </li>
            )}
          </ul>
        </section>
      )}
    </div>
  );
}
