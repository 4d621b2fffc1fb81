/** Root layout: skip link, header, the routed page (fading in), footer, toast area. */
import { Outlet, useRouterState } from '@tanstack/react-router';
import { Toaster } from 'react-hot-toast';
import { Footer } from './Footer';
import { Header } from './Header';

export function Layout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
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
      <Toaster position="top-right" />
    </div>
  );
}
