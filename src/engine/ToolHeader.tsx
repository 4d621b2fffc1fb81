/** The top of every tool page: title, badges, description, how-to steps and the note on how files are handled. */
import { Badge, Callout, Heading, Text } from '@radix-ui/themes';
import { Info, ShieldCheck } from 'lucide-react';
import type { ToolManifest } from '../../schemas/manifest';
import { DEMO_BADGE, DEMO_BADGE_TITLE } from './demo-badge';
import { SiteToolIcon } from '../site/SiteToolIcon';
import { useRunMode } from './useToolRun';

export { DEMO_BADGE };

export const DEMO_NOTE =
  'Demo mode: this tool simulates the conversion and gives you a placeholder file, not a real result.';
export const SIMULATED_NOTE =
  'This tool is a demonstration for now: it simulates the conversion and gives you a placeholder file.';
export const REAL_NOTE = 'Your files are processed on this device and never leave it: nothing is uploaded.';

/** True when a tool has no real processing at all: only its simulation runs. */
export function isDemoOnly(manifest: Pick<ToolManifest, 'processor' | 'worksInPage'>): boolean {
  return !manifest.processor && !manifest.worksInPage;
}

/** Which note a tool page shows: real processing, demo mode, or a tool that only simulates. */
export function toolNote(manifest: ToolManifest, demoMode: boolean): string {
  if (manifest.worksInPage) return REAL_NOTE;
  if (!manifest.processor) return SIMULATED_NOTE;
  return demoMode ? DEMO_NOTE : REAL_NOTE;
}

export function ToolHeader({ manifest }: { manifest: ToolManifest }) {
  const mode = useRunMode(manifest);
  const real = manifest.worksInPage || mode === 'real';
  return (
    <header className="tool-header">
      <div className="tool-title-row">
        <span className="tool-icon">
          <SiteToolIcon name={manifest.icon} size={28} />
        </span>
        <Heading as="h1" size="8">
          {manifest.title}
        </Heading>
        {manifest.badge && (
          <Badge color="amber" highContrast>
            {manifest.badge}
          </Badge>
        )}
        {isDemoOnly(manifest) && (
          <Badge color="gray" highContrast title={DEMO_BADGE_TITLE}>
            {DEMO_BADGE}
          </Badge>
        )}
      </div>
      <Text as="p" size="4" color="gray" className="tool-description">
        {manifest.description}
      </Text>
      <section aria-labelledby="how-to" className="tool-howto">
        <Heading as="h2" size="4" id="how-to">
          How to use
        </Heading>
        <ol>
          {manifest.howTo.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      <Callout.Root color={real ? 'green' : 'amber'} highContrast className="tool-note" data-testid="tool-note">
        <Callout.Icon>{real ? <ShieldCheck size={16} /> : <Info size={16} />}</Callout.Icon>
        <Callout.Text>{toolNote(manifest, !manifest.worksInPage && !!manifest.processor && mode === 'demo')}</Callout.Text>
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
