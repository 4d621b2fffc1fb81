import { SiteLink } from './navigation';
import { Button } from '@radix-ui/themes';
import { FileQuestion } from 'lucide-react';
import { pageTitle } from './constants';
import { useDocumentTitle } from './useDocumentTitle';
import { usePageReady } from '../lib/page-ready';

/** Shown for any unknown path and for /tools/<slug> with an unknown slug. */
export function NotFound() {
  usePageReady();
  useDocumentTitle(pageTitle('Page Not Found'));
  return (
    <div className="container page-padding not-found">
      <FileQuestion aria-hidden="true" size={56} className="not-found-icon" />
      <h1>Page Not Found</h1>
      <p>The page you are looking for doesn&apos;t exist or has been moved.</p>
      <Button asChild size="3">
        <SiteLink to="/">Back to Home</SiteLink>
      </Button>
    </div>
  );
}
