/** The top of every tool page: title, badges, description, how-to steps and the note on how files are handled. */
import { Badge, Callout, Heading, Text } from '@radix-ui/themes';
import { Info, ShieldCheck } from 'lucide-react';
import type { ToolManifest } from '../../schemas/manifest';
import { demoBadge, demoBadgeTitle } from './demo/demo-badge';
import { useDemoMode } from './demo/demo-mode';
import { toolNote } from './demo/notes';
import { toolKind, worksOnDevice } from '../core/tool-kind';
import { ToolIcon } from './ToolIcon';
import { t } from '../lib/i18n/messages';

export function ToolHeader({ manifest }: { manifest: ToolManifest }) {
  const demoFlag = useDemoMode();
  const real = worksOnDevice(manifest, demoFlag);
  return (
    <header className="tool-header">
      <div className="tool-title-row">
        <span className="tool-icon">
          <ToolIcon name={manifest.icon} size={28} />
        </span>
        <Heading as="h1" size="8">
          {manifest.title}
        </Heading>
        {manifest.badge && (
          <Badge color="amber" highContrast>
            {manifest.badge}
          </Badge>
        )}
        {toolKind(manifest) === 'demo-only' && (
          <Badge color="gray" highContrast title={demoBadgeTitle()}>
            {demoBadge()}
          </Badge>
        )}
      </div>
      <Text as="p" size="4" color="gray" className="tool-description">
        {manifest.description}
      </Text>
      <section aria-labelledby="how-to" className="tool-howto">
        <Heading as="h2" size="4" id="how-to">
          {t('engine.header.howTo')}
        </Heading>
        <ol>
          {manifest.howTo.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Callout.Root color={real ? 'green' : 'amber'} highContrast className="tool-note" data-testid="tool-note">
        <Callout.Icon>{real ? <ShieldCheck size={16} /> : <Info size={16} />}</Callout.Icon>
        <Callout.Text>{toolNote(manifest, demoFlag)}</Callout.Text>
      </Callout.Root>
      {manifest.note && (
        <Callout.Root color="blue" highContrast className="tool-note">
          <Callout.Icon>
            <Info size={16} />
          </Callout.Icon>
          <Callout.Text>{manifest.note}</Callout.Text>
        </Callout.Root>
      )}
    </header>
  );
}
