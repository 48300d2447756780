import './modules/ui/theme/global.css';

/*
 * The entry: a few hundred bytes. A prerendered page (web/build/prerender.ts) is complete
 * without JavaScript, so it paints and loads its images first; React, the router and the GraphQL
 * client arrive after the `load` event and hydrate it. The app shell (private pages) has nothing
 * to show without them and starts at once.
 */
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

const postMessageToSelf = (callback: () => void) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
};

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
  // (A message, not a timeout, as in yieldToBrowser, which this entry does not import: sharing a
  // module with the app would put the app's chunks in the page's head.)
  void import('./modules/browser/utils/react-dom-client')
    .then(() => new Promise<void>((resolve) => postMessageToSelf(resolve)))
    .then(() => import('./app-main'))
    .then(({ startApp }) => startApp(container));
};

if (!container.hasChildNodes() || document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
