/** Previous / next page buttons with "Page N of M", for views that work on one page at a time. */
import { Button, Text } from '@radix-ui/themes';
import { t } from '../../lib/i18n/messages';

interface PageNavigatorProps {
  /** 0-based page shown. */
  page: number;
  pageCount: number;
  onChange(page: number): void;
  /** Names the group for screen readers ("Page to sign"). */
  label: string;
  testId?: string;
}

export function PageNavigator({ page, pageCount, onChange, label, testId }: PageNavigatorProps) {
  return (
    <div className="pdfv-toolbar" role="group" aria-label={label}>
      <Button type="button" variant="soft" disabled={page === 0} onClick={() => onChange(page - 1)}>
        {t('views.shared.pageNavigator.previous')}
      </Button>
      <Text as="span" aria-live="polite" data-testid={testId}>
        {t('views.shared.pageNavigator.position', { page: page + 1, count: pageCount })}
      </Text>
      <Button type="button" variant="soft" disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)}>
        {t('views.shared.pageNavigator.next')}
      </Button>
    </div>
  );
}
