import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { build, type Plugin, type ResolvedConfig } from 'vite';

import type { PrerenderedPage } from '../src/entry-server';
import { listPublicPaths } from '../src/modules/app/utils/route-table';

import { robotsTxt, sitemapXml } from './crawler-files';
import { writeOgImages } from './og-images';
import { ROUTE_MODULES } from './route-chunks';

/**
 * Stands for the site's public origin in prerendered files: the server puts its PUBLIC_URL in
 * (api/src/http/prerendered-pages.ts), so one build serves any address.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = '%PUBLIC_ORIGIN%';

/** Where the prerendered files go inside the build, and the 404 page's name there. */
export const PRERENDER_DIR = 'prerendered';
export const NOT_FOUND_FILE = '404.html';

/** A path outside the route table, rendered to get the catch-all 404 page. */
const NOT_FOUND_PROBE = '/__not-found__';
const NOT_FOUND_MODULE = 'src/pages/not-found/NotFoundPage.tsx';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The file a path is written to: `/` is `index.html`, `/ghibli` is `ghibli.html`. */
export const prerenderedFileName = (appPath: string): string =>
  appPath === '/' ? 'index.html' : `${appPath.slice(1)}.html`;

/** The route's lazy chunks with their static imports: scripts to preload, styles to apply. */
const routeAssets = (manifest: Manifest, modules: readonly string[]) => {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    // What a chunk imports comes first in the cascade, as when Vite loads it.
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const css of chunk.css ?? []) styles.add(css);
  };
  // A module grouped into a shared chunk (vite.config.ts) has no entry of its own: the page's
  // chunk imports that shared chunk.
  const found = modules.filter((module) => manifest[module]);
  if (!found.length) throw new Error(`prerender: none of ${modules.join(', ')} is in the manifest`);
  for (const module of found) visit(module);
  return { scripts, styles };
};

/**
 * React puts the resources it wants early (preloads of the eager images, with the hero's
 * fetchpriority) before the page's markup when it renders no `<head>`: they move into the head.
 */
const splitLeadingLinks = (body: string): { links: string[]; markup: string } => {
  const leading = /^(?:<link\b[^>]*>)+/.exec(body)?.[0] ?? '';
  return { links: leading.match(/<link\b[^>]*>/g) ?? [], markup: body.slice(leading.length) };
};

const STYLESHEET_LINK = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;

/**
 * A page's style sheets, in the HTML: its first paint waits for no other file (on a phone, a
 * round trip or more saved). The link stays, disabled (browsers do not fetch a disabled style
 * sheet): Vite's loader of lazy chunks takes a stylesheet link as "this CSS is here" and does not
 * fetch it again. The server allows these `<style>`s by their hashes
 * (api/src/http/security-headers.ts).
 */
const inlineStylesheet = (file: string, readAsset: (file: string) => string): string => {
  const css = readAsset(file).trim();
  if (css.includes('</style')) throw new Error(`prerender: ${file} cannot be inlined`);
  return `<style>${css}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`;
};

/** The shell's generic head tags, which each page replaces with its own. */
const GENERIC_HEAD =
  /\s*(<title>[\s\S]*?<\/title>|<meta\s+(?:name="description"|property="og:[^"]*")[\s\S]*?\/?>)/g;

const pageHtml = (
  shell: string,
  page: PrerenderedPage,
  assets: { scripts: Set<string>; styles: Set<string> },
  alreadyInShell: (file: string) => boolean,
  readAsset: (file: string) => string,
): string => {
  const { links: resources, markup } = splitLeadingLinks(page.body);
  const links = [
    ...[...assets.styles]
      .filter((file) => !alreadyInShell(file))
      .map((file) => inlineStylesheet(file, readAsset)),
    ...resources,
    // Not preloaded: src/main.tsx fetches them once the page has loaded (paint first).
    `<meta name="route-modules" content="${[...assets.scripts]
      .filter((file) => !alreadyInShell(file))
      .map((file) => `/${file}`)
      .join(' ')}">`,
  ];
  return (
    shell
      .replace(GENERIC_HEAD, '')
      // The shell's inline route-preload script and its no-JavaScript note: the links above
      // preload this route, and the page reads without JavaScript.
      .replace(/\s*<script>[\s\S]*?<\/script>/g, '')
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/g, '')
      .replace('<meta name="viewport"', () => `${page.head}\n    <meta name="viewport"`)
      .replace(STYLESHEET_LINK, (_link, file: string) => inlineStylesheet(file, readAsset))
      .replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
  );
};

/**
 * The prerender step of a production build: an SSR build of src/entry-server.tsx renders every
 * public route with the app's own components and routes into `dist/prerendered/<route>.html`
 * (plus the 404 page), which the browser hydrates; then the share images, sitemap.xml and
 * robots.txt. The server serves these files (api/src/http/static-web.ts).
 */
export const prerender = (): Plugin => {
  let config: ResolvedConfig;
  return {
    name: 'prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = path.resolve(config.root, config.build.outDir);
        const ssrOutDir = path.join(config.root, 'node_modules/.prerender');
        await build({
          configFile: config.configFile,
          root: config.root,
          mode: config.mode,
          logLevel: 'warn',
          build: {
            ssr: 'src/entry-server.tsx',
            outDir: ssrOutDir,
            emptyOutDir: true,
            manifest: false,
          },
        });
        const entry = pathToFileURL(path.join(ssrOutDir, 'entry-server.js')).href;
        const { renderPage } = (await import(entry)) as {
          renderPage: (path: string, origin: string) => Promise<PrerenderedPage>;
        };
        const manifest = JSON.parse(
          readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'),
        ) as Manifest;
        const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const alreadyInShell = (file: string) => shell.includes(`/${file}"`);
        const readAsset = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
        const pagesDir = path.join(outDir, PRERENDER_DIR);
        rmSync(pagesDir, { recursive: true, force: true });
        mkdirSync(pagesDir, { recursive: true });

        const jobs: [string, readonly string[], string][] = [
          ...listPublicPaths().map((appPath): [string, readonly string[], string] => {
            const modules = ROUTE_MODULES[appPath];
            if (!modules) throw new Error(`prerender: no modules listed for ${appPath}`);
            return [appPath, modules, prerenderedFileName(appPath)];
          }),
          [NOT_FOUND_PROBE, [NOT_FOUND_MODULE], NOT_FOUND_FILE],
        ];
        for (const [appPath, modules, fileName] of jobs) {
          const page = await renderPage(appPath, PUBLIC_ORIGIN_PLACEHOLDER);
          // The catch-all route renders the 404 page with 200; the server sends it with 404.
          if (page.status !== 200)
            throw new Error(`prerender: ${appPath} rendered status ${page.status}`);
          const html = pageHtml(
            shell,
            page,
            routeAssets(manifest, modules),
            alreadyInShell,
            readAsset,
          );
          mkdirSync(path.dirname(path.join(pagesDir, fileName)), { recursive: true });
          writeFileSync(path.join(pagesDir, fileName), html);
        }
        writeFileSync(path.join(pagesDir, 'sitemap.xml'), sitemapXml(PUBLIC_ORIGIN_PLACEHOLDER));
        writeFileSync(path.join(pagesDir, 'robots.txt'), robotsTxt(PUBLIC_ORIGIN_PLACEHOLDER));
        const images = await writeOgImages(config.publicDir, outDir);
        config.logger.info(
          `prerendered ${jobs.length} pages, sitemap.xml, robots.txt and ${images.length} share images into ${path.relative(config.root, outDir)}`,
        );
      },
    },
  };
};
