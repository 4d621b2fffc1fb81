/** Root layout: skip link, header, the routed page (fading in), footer, toast area. */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { onFirstToast } from '../engine/toast-signal';
import { Footer } from './Footer';
import { Header } from './Header';
import { useIncomingFiles } from './incoming-files';
import { UpdatePrompt } from './UpdatePrompt';

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

export function Layout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useIncomingFiles();
  return (
    <div className="site">
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="site-main">
        {/* Keyed by path so each page mounts fresh and plays the fade-in. */}
        <div className="page" key={pathname}>
          <Outlet />
        </div>
      </main>
      <Footer />
      <UpdatePrompt />
      <DeferredToaster />
    </div>
  );
}
