import { useId } from 'react';
import { SiteLink } from './navigation';
import type { WorkflowSummary } from '../engine/workflow-summary';
import { ToolIcon } from '../engine/ToolIcon';
import { SiteIcon } from './SiteIcon';

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
        Use Workflow
        <SiteIcon name="ArrowRight" aria-hidden="true" size={16} />
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
        Build your own
      </h3>
      <p className="tool-card-description">
        Chain any tools that fit together, run them on your files, save the chain or share it as a link.
      </p>
      <SiteLink to="/workflows/new" className="tool-card-link" aria-describedby={titleId}>
        Open the Builder
        <SiteIcon name="ArrowRight" aria-hidden="true" size={16} />
      </SiteLink>
    </article>
  );
}
