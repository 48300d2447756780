import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { inlineGraphqlDocuments } from './build/inline-graphql-documents';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';
import { ROUTE_MODULES } from './build/route-chunks';
import { routePreloads } from './build/route-preloads';
import { showcaseRenditions } from './build/showcase-renditions';
import { emitRouteTable } from './build/route-table';

/*
 * react-router's package exports always point at its development build (dev warnings and
 * checks, ~95 KB minified); it ships a production build next to it. Production builds use that.
 */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
];

/** The pages' shared building blocks, bundled together (see build.rolldownOptions). */
const SHARED_UI_MODULES =
  /[\\/]web[\\/]src[\\/]modules[\\/](ui|app|layout|art-styles|showcase|marketing|toast)[\\/].*\.tsx?$/;
/*
 * ...except the signed-in shell and whatever else imports the GraphQL client: those stay in
 * chunks of their own, loaded only through withApollo, so the public pages hydrate without it.
 * The creators' layout and its credits card go with the creators (the other pages never need
 * them).
 */
const SIGNED_IN_SHELL_MODULES =
  /[\\/]layout[\\/]components[\\/](HeaderAuthSlot|HeaderCreditsPill|SignedIn\w*|SidebarCreditsSlot|SidebarAccountSlot|ToolLayout)\.tsx$/;
/*
 * The hooks that tell a public page who is here without the GraphQL client (a probe first; the
 * client only once someone is signed in): building blocks of the pages like the UI kit.
 */
const PUBLIC_ACCOUNT_HOOKS =
  /[\\/]web[\\/]src[\\/]modules[\\/]auth[\\/]hooks[\\/]useSignedIn(Shell|User)\.ts$/;
const isSharedUiModule = (id: string) =>
  (SHARED_UI_MODULES.test(id) && !SIGNED_IN_SHELL_MODULES.test(id)) ||
  PUBLIC_ACCOUNT_HOOKS.test(id);

const GRAPHQL_FETCH_MODULES = /[\\/]web[\\/]src[\\/]modules[\\/]graphql[\\/].*\.tsx?$/;

/** The GraphQL client and what it needs, a chunk of its own (see above). */
const APOLLO_PACKAGES =
  /[\\/]node_modules[\\/](@apollo|@wry|rxjs|graphql|optimism|apollo-upload-client|extract-files|tslib|@graphql-typed-document-node)[\\/]/;

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://localhost:8080';

const apiProxy = { target: API_ORIGIN, changeOrigin: false };

/*
 * A production build must get React's production bundle even when NODE_ENV is inherited from
 * a test runner (vitest sets NODE_ENV=test, and Vite keeps a NODE_ENV it finds set).
 */
if (process.argv.includes('build') && process.env.NODE_ENV !== 'production') {
  process.env.NODE_ENV = 'production';
}

export default defineConfig(({ command, isSsrBuild = false }) => ({
  resolve: {
    alias: command === 'build' ? productionAliases : [],
    // rxjs (under Apollo Client): its ES2015 build uses native classes instead of tslib helpers.
    conditions: ['es2015', 'module', 'browser', 'development|production'],
  },
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    inlineGraphqlDocuments(fileURLToPath(new URL('./src/gql', import.meta.url))),
    react(),
    // The prerender's SSR build (build/prerender.ts) only renders; the browser build ships.
    ...(isSsrBuild
      ? []
      : [
          routePreloads(fileURLToPath(new URL('.', import.meta.url)), ROUTE_MODULES),
          emitRouteTable(),
          showcaseRenditions(),
          precompress(),
          prerender(),
        ]),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            /*
             * Fewer, larger chunks: browsers fetch at most six files at a time per host over
             * HTTP/1.1, so two dozen tiny chunks cost round trips on phones. The libraries the entry
             * needs become one vendor chunk, and the shared building blocks of the pages (UI kit,
             * layout, marketing sections, showcase) one more; each page keeps its own chunk.
             */
            codeSplitting: {
              groups: [
                /*
                 * Vite's dynamic-import helper on its own, so the tiny entry (src/main.tsx)
                 * loads no shared chunk before the page has painted.
                 */
                { name: 'preload-helper', test: /vite\/preload-helper/, priority: 30 },
                // Apollo and its dependencies: only for pages and parts that talk to the API.
                { name: 'apollo', test: APOLLO_PACKAGES, priority: 25 },
                /*
                 * React and React DOM, then the router: two chunks, so neither's parse and
                 * evaluation is one long task on a phone.
                 */
                {
                  name: 'react',
                  test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                  priority: 28,
                },
                {
                  name: 'vendor',
                  test: /[\\/]node_modules[\\/]/,
                  priority: 20,
                },
                { name: 'ui', test: isSharedUiModule, priority: 10 },
                /*
                 * The plain-fetch GraphQL helpers of the pages without Apollo (pricing, the
                 * creators): one file, not one per module those pages happen to share.
                 */
                { name: 'graphql-fetch', test: GRAPHQL_FETCH_MODULES, priority: 10 },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiProxy,
      '/graphql': apiProxy,
      // `/auth` itself is a page of this app (Sign In / Sign Up); only the server's
      // sign-in routes below it (`/auth/google`, its callback) go to the API.
      '^/auth/.+': apiProxy,
      '/health': apiProxy,
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': apiProxy,
      '/graphql': apiProxy,
      '^/auth/.+': apiProxy,
      '/health': apiProxy,
    },
  },
}));
