import './modules/ui/theme/global.css';

/*
 * The entry: a few hundred bytes. A prerendered page (web/build/prerender.ts) is complete
 * without JavaScript, so it paints and loads its images first; React, the router and the GraphQL
 * client arrive once the `load` event has fired and the page has painted its first content, and
 * hydrate it. The app shell (private pages) has nothing to show without them and starts at once.
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

/** Longest wait for the first paint (a tab opened in the background paints only when shown). */
const FIRST_PAINT_TIMEOUT_MS = 3000;

/*
 * From a nearby server `load` can fire before the first frame is on screen; the app's requests
 * wait for the frame so that they never compete with the page's own first paint.
 */
const afterFirstContentfulPaint = (callback: () => void) => {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  if (painted() || !PerformanceObserver.supportedEntryTypes.includes('paint')) return callback();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    callback();
  };
  const observer = new PerformanceObserver(() => {
    if (painted()) once();
  });
  observer.observe({ type: 'paint' });
  setTimeout(once, FIRST_PAINT_TIMEOUT_MS);
};

const startAfterFirstPaint = () => afterFirstContentfulPaint(start);

if (!container.hasChildNodes()) start();
else if (document.readyState === 'complete') startAfterFirstPaint();
else window.addEventListener('load', startAfterFirstPaint, { once: true });
