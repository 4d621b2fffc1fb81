/** Previous / next page buttons with "Page N of M", for views that work on one page at a time. */
import { Button, Text } from '@radix-ui/themes';

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
        Previous page
      </Button>
      <Text as="span" aria-live="polite" data-testid={testId}>
        Page {page + 1} of {pageCount}
      </Text>
      <Button type="button" variant="soft" disabled={page >= pageCount - 1} onClick={() => onChange(page + 1)}>
        Next page
      </Button>
    </div>
  );
}
