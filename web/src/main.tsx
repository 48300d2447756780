import './modules/ui/theme/global.css';

import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './modules/app/components/App';
import { loadMatchedRoutes } from './modules/app/utils/app-router';

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

if (container.hasChildNodes()) {
  /*
   * A prerendered page (web/build/prerender.ts): its route's code is loaded before hydrating, so
   * the first client render is the page the server rendered, not the boot fallback.
   */
  await loadMatchedRoutes();
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.error('[hydration] recoverable error:', error),
  });
} else {
  createRoot(container).render(app);
}
