/** The top of a workflow page or the builder: icon, title, a Workflow badge, description, features and the note on how files are handled. */
import { Badge, Callout, Heading, Text } from '@radix-ui/themes';
import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDemoMode } from '../engine/demo/demo-mode';
import { workflowNote } from '../engine/demo/notes';
import { t } from '../lib/i18n/messages';

interface WorkflowHeaderProps {
  icon: ReactNode;
  title: string;
  description: string;
  features?: readonly string[];
  /** The "Workflow" badge beside the title (a workflow's page; the builder's title says it already). */
  badge?: boolean;
}

export function WorkflowHeader({ icon, title, description, features, badge = true }: WorkflowHeaderProps) {
  const demoFlag = useDemoMode();
  return (
    <header className="tool-header">
      <div className="tool-title-row">
        <span className="tool-icon">{icon}</span>
        <Heading as="h1" size="8">
          {title}
        </Heading>
        {badge && (
          <Badge color="indigo" highContrast>
            {t('workflow.header.badge')}
          </Badge>
        )}
      </div>
      <Text as="p" size="4" color="gray" className="tool-description">
        {description}
      </Text>
      {features && (
        <ul className="workflow-features">
          {features.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
      )}
      <Callout.Root color="green" highContrast className="tool-note" data-testid="tool-note">
        <Callout.Icon>
          <ShieldCheck size={16} />
        </Callout.Icon>
        <Callout.Text>{workflowNote(demoFlag)}</Callout.Text>
      </Callout.Root>
    </header>
  );
}
