import './modules/ui/theme/global.css';
import { yieldToBrowser } from './modules/app/utils/yield-to-browser';

/*
 * The entry: a few hundred bytes. A prerendered page (web/build/prerender.ts) is complete
 * without JavaScript, so it paints and loads its images first; React, the router and the GraphQL
 * client arrive after the `load` event and hydrate it. The app shell (private pages) has nothing
 * to show without them and starts at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const ROUTE_MODULES_META = 'meta[name="route-modules"]';

const start = () => {
  // The route's chunks, listed by the prerender, download alongside the app's own.
  const listed = document.querySelector<HTMLMetaElement>(ROUTE_MODULES_META)?.content ?? '';
  for (const href of listed.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  }
  // React first, then the rest in a task of its own: two shorter tasks instead of one long one.
  void import('react-dom/client')
    .then(yieldToBrowser)
    .then(() => import('./app-main'))
    .then(({ startApp }) => startApp(container));
};

if (!container.hasChildNodes() || document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
