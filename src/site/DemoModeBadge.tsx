import { Badge, IconButton } from '@radix-ui/themes';
import { setDemoMode, useDemoMode } from '../engine/demo/demo-mode';
import { SiteIcon } from './SiteIcon';

/** Shown in the header while demo mode is on, with a button to turn it off. */
export function DemoModeBadge() {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    <span className="demo-badge">
      <Badge color="amber" variant="soft" size="2" title="Tools produce simulated placeholder results">
        Demo mode
      </Badge>
      <IconButton
        size="1"
        variant="ghost"
        color="amber"
        aria-label="Turn off demo mode"
        onClick={() => setDemoMode(false)}
      >
        <SiteIcon name="X" aria-hidden="true" size={14} />
      </IconButton>
    </span>
  );
}
