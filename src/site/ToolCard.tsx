import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { ArrowRight } from 'lucide-react';
import type { ToolSummary } from '../engine/catalogue-summary';
import { ToolIcon } from '../engine/ToolIcon';

/** A catalogue card: icon, title, description, optional feature list and a Use Tool link. */
export function ToolCard({
  tool,
  headingLevel = 3,
  showFeatures = false,
}: {
  tool: ToolSummary;
  headingLevel?: 2 | 3;
  showFeatures?: boolean;
}) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="tool-card" data-slug={tool.slug}>
      <div className="tool-card-icon">
        <ToolIcon name={tool.icon} size={24} />
      </div>
      <Heading className="tool-card-title" id={titleId}>
        {tool.title}
        {tool.badge && <span className="tool-badge">{tool.badge}</span>}
      </Heading>
      <p className="tool-card-description">{tool.description}</p>
      {showFeatures && (
        <ul className="tool-card-features">
          {tool.features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <Link
        to="/tools/$slug"
        params={{ slug: tool.slug }}
        className="tool-card-link"
        aria-describedby={titleId}
      >
        Use Tool
        <ArrowRight aria-hidden="true" size={16} />
      </Link>
    </article>
  );
}
