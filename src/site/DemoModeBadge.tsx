import { Badge, IconButton } from '@radix-ui/themes';
import { setDemoMode, useDemoMode } from '../engine/demo/demo-mode';
import { SiteIcon } from './SiteIcon';
import { t } from '../lib/i18n/messages';


/** Shown in the header while demo mode is on, with a button to turn it off. */
export function DemoModeBadge() {
  const demo = useDemoMode();
  if (!demo) return null;
  return (
    <span className="demo-badge">
      <Badge color="amber" variant="soft" size="2" title={t('common.demo.badgeTitle')}>
        {t('common.demo.badge')}
      </Badge>
      <IconButton
        size="1"
        variant="ghost"
        color="amber"
        aria-label={t('common.demo.turnOff')}
        onClick={() => setDemoMode(false)}
      >
        <SiteIcon name="X" aria-hidden="true" size={14} />
      </IconButton>
    </span>
  );
}
