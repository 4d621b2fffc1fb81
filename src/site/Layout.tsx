/** Root layout: skip link, header, the page (fading in), footer, toast area. */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { onFirstToast } from '../engine/toast-signal';
import { Footer } from './Footer';
import { Header } from './Header';
import { useIncomingFiles } from './incoming-files';
import { usePathname } from './navigation';
import { UpdatePrompt } from './UpdatePrompt';
import { LanguageOffer } from './LanguageOffer';
import { t } from '../lib/i18n/messages';


// Toasts only follow an action, so the toast area loads with the first toast
// (and is not part of the pre-rendered HTML). The toast waits in
// react-hot-toast's store and shows when the area has mounted.
const Toaster = lazy(() => import('react-hot-toast').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => onFirstToast(() => setMounted(true)), []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" />
    </Suspense>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  useIncomingFiles();
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        {t('common.skipToContent')}
      </a>
      <LanguageOffer />
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        {/* Keyed by path so each page mounts fresh and plays the fade-in. */}
        <div className="page" key={pathname}>
          {children}
        </div>
      </main>
      <Footer />
      <UpdatePrompt />
      <DeferredToaster />
    </div>
  );
}
