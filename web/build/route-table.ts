import type { Plugin } from 'vite';

import { listAppPaths, type RouteTableFile } from '../src/modules/app/utils/route-table';

/**
 * Writes the app's route table to `dist/routes.json`: the server reads it to answer paths the
 * app has no page for with HTTP 404 (and a later prerender step can walk the same list).
 */
export const emitRouteTable = (): Plugin => ({
  name: 'route-table',
  apply: 'build',
  generateBundle() {
    const table: RouteTableFile = { paths: listAppPaths() };
    this.emitFile({
      type: 'asset',
      fileName: 'routes.json',
      source: `${JSON.stringify(table, null, 2)}\n`,
    });
  },
});
