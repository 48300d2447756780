import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type NextFunction, type Request, type Response } from 'express';

import { type PrerenderedFile, prerenderedFileName, prerenderedFiles } from './prerendered-pages';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/**
 * Serves the build's precompressed twin (`.br`, else `.gz`) of a text asset when the browser
 * accepts it: the build writes them, so nothing is compressed per request.
 */
function precompressed(root: string, cacheControl: string) {
  return (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const type = TYPES[path.extname(request.path)];
    if (!type) return next();
    const file = path.join(root, path.normalize(request.path).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) return next();
    const accepted = request.get('accept-encoding') ?? '';
    for (const [encoding, extension] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      if (!accepted.includes(encoding) || !fs.existsSync(file + extension)) continue;
      response.setHeader('Content-Encoding', encoding);
      response.setHeader('Content-Type', type);
      response.setHeader('Vary', 'Accept-Encoding');
      response.setHeader('Cache-Control', cacheControl);
      response.sendFile(file + extension);
      return;
    }
    next();
  };
}

/**
 * A path as the web router matches it (see web/src/modules/app/utils/route-table.ts, which the
 * build writes to routes.json): no query, decoded, lower case, no trailing slashes.
 */
export const normaliseAppPath = (requestPath: string): string => {
  let pathname = requestPath.split(/[?#]/)[0] ?? '';
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // A malformed escape matches no route as it stands.
  }
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
};

/**
 * The app's paths from the build's `routes.json`, read again when the build changes. Null when
 * the build has none (then every path is served as a page, as before).
 */
function routeTable(distDir: string): () => ReadonlySet<string> | null {
  const file = path.join(distDir, 'routes.json');
  let cached: { mtimeMs: number; paths: ReadonlySet<string> } | null = null;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = fs.statSync(file).mtimeMs;
    } catch {
      return null;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const { paths } = JSON.parse(fs.readFileSync(file, 'utf8')) as { paths: string[] };
      cached = { mtimeMs, paths: new Set(paths.map(normaliseAppPath)) };
    }
    return cached.paths;
  };
}

/** Sends a prerendered file in the encoding the browser accepts best. */
function sendPrerendered(
  request: Request,
  response: Response,
  file: PrerenderedFile,
  type: string,
): void {
  const accepted = request.get('accept-encoding') ?? '';
  const encoding = accepted.includes('br') ? 'br' : accepted.includes('gzip') ? 'gzip' : null;
  response.setHeader('Content-Type', type);
  response.setHeader('Vary', 'Accept-Encoding');
  if (encoding) response.setHeader('Content-Encoding', encoding);
  response.send(encoding ? file[encoding] : file.identity);
}

const CRAWLER_FILES: Record<string, string> = {
  '/sitemap.xml': 'application/xml; charset=utf-8',
  '/robots.txt': 'text/plain; charset=utf-8',
};

/**
 * Serves the built web app: hashed assets cached for a year; each public page as the build
 * prerendered it (its own head, its content, hydrated in the browser); the other pages of the
 * route table (profile, staff console, email links) as the app shell; any other path with HTTP
 * 404 and the prerendered 404 page. Without a route table every path gets the shell.
 */
export function staticWebRouter(distDir: string, options: { publicUrl: string }): Router {
  const router = Router();
  const indexFile = path.join(distDir, 'index.html');
  const appPaths = routeTable(distDir);
  const prerendered = prerenderedFiles(distDir, options.publicUrl);
  const assets = path.join(distDir, 'assets');
  router.use('/assets', precompressed(assets, 'public, max-age=31536000, immutable'));
  router.use('/assets', express.static(assets, { immutable: true, maxAge: '365d', index: false }));
  const publicFiles = express.static(distDir, { index: false, maxAge: '1h', redirect: false });
  // The prerendered sources carry a placeholder origin: they are served by path, below.
  router.use((request, response, next) =>
    request.path.startsWith('/prerendered/') ? next() : publicFiles(request, response, next),
  );
  router.get(Object.keys(CRAWLER_FILES), (request, response, next) => {
    const file = prerendered(request.path.slice(1));
    if (!file) return next();
    response.setHeader('Cache-Control', 'public, max-age=3600');
    sendPrerendered(request, response, file, CRAWLER_FILES[request.path]!);
  });
  router.get(
    /^(?!\/(api|graphql|auth\/google|internal|health|billing)(\/|$)).*/,
    (request, response, next) => {
      if (!fs.existsSync(indexFile)) {
        next();
        return;
      }
      const known = appPaths();
      const appPath = normaliseAppPath(request.path);
      const found = !known || known.has(appPath);
      response.setHeader('Cache-Control', 'no-cache');
      const page = known && prerendered(found ? prerenderedFileName(appPath) : '404.html');
      if (!found) response.status(404);
      if (page) {
        sendPrerendered(request, response, page, TYPES['.html']!);
        return;
      }
      response.setHeader('Vary', 'Accept-Encoding');
      const accepted = request.get('accept-encoding') ?? '';
      if (accepted.includes('br') && fs.existsSync(`${indexFile}.br`)) {
        response.setHeader('Content-Encoding', 'br');
        response.setHeader('Content-Type', TYPES['.html']!);
        response.sendFile(`${indexFile}.br`);
        return;
      }
      response.sendFile(indexFile);
    },
  );
  return router;
}
