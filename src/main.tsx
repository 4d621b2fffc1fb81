import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@radix-ui/themes/styles.css';
import './site/site.css';
import { initDemoModeFromUrl } from './engine/demo-mode';
import { createAppRouter } from './routes';
import { App } from './site/App';

// Read ?demo=1 / ?demo=0 before the first render so every page agrees.
initDemoModeFromUrl();

const router = createAppRouter();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The toast area (react-hot-toast's <Toaster position="top-right" />) lives in the root layout.
createRoot(root).render(
  <StrictMode>
    <App router={router} />
  </StrictMode>,
);
