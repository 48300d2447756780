import { StrictMode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';

import { PageHead } from './modules/app/components/PageHead';
import { appRoutes } from './modules/app/utils/app-routes';
import { PageMetaCollectorContext, type PageMetaCollector } from './modules/app/utils/page-meta';

export type PrerenderedPage = {
  /** What the page renders inside `#root`. */
  body: string;
  /** Its head tags: title, description, canonical, Open Graph, Twitter card. */
  head: string;
  /** 200, or 404 for the catch-all page. */
  status: number;
};

const handler = createStaticHandler(appRoutes);

/**
 * Renders one path of the app to HTML, with the components and routes the browser hydrates
 * (web/src/main.tsx). Called by the build's prerender step for every public route.
 */
export const renderPage = async (path: string, origin: string): Promise<PrerenderedPage> => {
  const context = await handler.query(new Request(`http://prerender${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const collector: PageMetaCollector = { meta: null };
  const body = renderToString(
    <StrictMode>
      <PageMetaCollectorContext value={collector}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </PageMetaCollectorContext>
    </StrictMode>,
  );
  if (!collector.meta) throw new Error(`${path}: the page set no metadata (usePageMeta)`);
  const head = renderToStaticMarkup(<PageHead meta={collector.meta} origin={origin} />);
  return { body, head, status: context.statusCode };
};
