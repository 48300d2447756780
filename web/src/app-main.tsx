import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

import { App } from './modules/app/components/App';
import { loadMatchedRoutes } from './modules/app/utils/app-router';
import { yieldToBrowser } from './modules/browser/utils/yield-to-browser';

/** Renders the app into `#root`: hydrates a prerendered page, renders the shell's empty root. */
export const startApp = async (container: HTMLElement): Promise<void> => {
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );
  if (!container.hasChildNodes()) {
    createRoot(container).render(app);
    return;
  }
  // The route's code first, so the first client render is the page the server rendered.
  await loadMatchedRoutes();
  await yieldToBrowser();
  // In a transition, hydration yields to the browser every few milliseconds (no long task).
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('[hydration] recoverable error:', error),
    });
  });
};
