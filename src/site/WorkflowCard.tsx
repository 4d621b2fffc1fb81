import { useId } from 'react';
import { SiteLink } from './navigation';
import type { WorkflowSummary } from '../engine/workflow-summary';
import { ToolIcon } from '../engine/ToolIcon';
import { SiteIcon } from './SiteIcon';
import { t } from '../lib/i18n/messages';

/** A workflow on All Tools: icon, title, description, its tools in order and a Use Workflow link. */
export function WorkflowCard({ workflow }: { workflow: WorkflowSummary }) {
  const titleId = useId();
  return (
    <article className="tool-card tool-card-compact" data-workflow={workflow.slug}>
      <div className="tool-card-icon">
        <ToolIcon name={workflow.icon} size={20} />
      </div>
      <h3 className="tool-card-title" id={titleId}>
        {workflow.title}
      </h3>
      <p className="tool-card-description">{workflow.description}</p>
      <p className="workflow-card-steps">{workflow.steps.join(' → ')}</p>
      <SiteLink to={`/workflows/${workflow.slug}`} className="tool-card-link" aria-describedby={titleId}>
        {t('common.useWorkflow')}
        <SiteIcon name="ArrowRight" aria-hidden="true" size={16} className="icon-forward" />
      </SiteLink>
    </article>
  );
}

/** The card that opens the chain builder. */
export function BuilderCard() {
  const titleId = useId();
  return (
    <article className="tool-card tool-card-compact workflow-builder-card">
      <div className="tool-card-icon">
        <SiteIcon name="Workflow" size={20} />
      </div>
      <h3 className="tool-card-title" id={titleId}>
        {t('tools.builder.title')}
      </h3>
      <p className="tool-card-description">
        {t('tools.builder.text')}
      </p>
      <SiteLink to="/workflows/new" className="tool-card-link" aria-describedby={titleId}>
        {t('tools.builder.open')}
        <SiteIcon name="ArrowRight" aria-hidden="true" size={16} className="icon-forward" />
      </SiteLink>
    </article>
  );
}
