import { useId } from 'react';
import { SiteLink } from './navigation';
import type { ToolSummary } from '../engine/catalogue-summary';
import { demoBadge, demoBadgeTitle } from '../engine/demo/demo-badge';
import { t } from '../lib/i18n/messages';

import { ToolIcon } from '../engine/ToolIcon';
import { SiteIcon } from './SiteIcon';

/** A catalogue card: icon, title, description, optional feature list and a Use Tool link. */
export function ToolCard({
  tool,
  headingLevel = 3,
  features,
  compact = false,
}: {
  tool: ToolSummary;
  headingLevel?: 2 | 3;
  /** Shown as a list under the description when given. */
  features?: readonly string[];
  /** The dense form of the All Tools grid: icon beside the title, features on one or two lines. */
  compact?: boolean;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={compact ? 'tool-card tool-card-compact' : 'tool-card'} data-slug={tool.slug}>
      <div className="tool-card-icon">
        <ToolIcon name={tool.icon} size={compact ? 20 : 24} />
      </div>
      <Heading className="tool-card-title" id={titleId}>
        {tool.title}
        {tool.badge && <span className="tool-badge">{tool.badge}</span>}
        {tool.demoOnly && (
          <span className="tool-badge tool-badge-demo" title={demoBadgeTitle()}>
            {demoBadge()}
          </span>
        )}
      </Heading>
      <p className="tool-card-description">{tool.description}</p>
      {features && (
        <ul className="tool-card-features">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <SiteLink
        to={`/tools/${tool.slug}`}
        className="tool-card-link"
        aria-describedby={titleId}
      >
        {t('common.useTool')}
        <SiteIcon name="ArrowRight" aria-hidden="true" size={16} className="icon-forward" />
      </SiteLink>
    </article>
  );
}
