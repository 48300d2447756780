import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const gzipBytes = (buffer: Buffer) => gzipSync(buffer, { level: 9 }).length;

export interface LandingJs {
  /** Entry, its modulepreloads and static imports, and the landing route's chunk with its imports. */
  staticFiles: { file: string; gzip: number }[];
  /** What Chromium actually fetched for `/` until the network was idle. */
  loadedFiles: { file: string; gzip: number; transferred: number; encoding: string }[];
  staticTotal: number;
  loadedTotal: number;
}

/** Follows the build manifest from index.html's entry and the landing route's lazy chunk. */
function staticLandingFiles(distDir: string): { file: string; gzip: number }[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const roots = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g,
    ),
  ].map((match) => byFile.get(match[1]!)!);
  const landing = Object.keys(manifest).find((key) =>
    key.endsWith('pages/landing/LandingPage.tsx'),
  );
  if (!landing) throw new Error('the manifest has no landing page chunk');
  const seen = new Set<string>();
  const visit = (key: string | undefined) => {
    if (!key || seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  for (const root of [...roots, landing]) visit(root);
  return [...seen].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzip: gzipBytes(fs.readFileSync(path.join(distDir, file))) };
  });
}

/** Loads `/` signed out and sums the JavaScript it fetched. */
async function loadedLandingFiles(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const scripts: Promise<{ file: string; gzip: number; transferred: number; encoding: string }>[] =
    [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const body = await response.body();
        const headers = await response.allHeaders();
        const sizes = await response.request().sizes();
        return {
          file: new URL(response.url()).pathname.replace(/^\//, ''),
          gzip: gzipBytes(body),
          transferred: sizes.responseBodySize,
          encoding: headers['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const files = await Promise.all(scripts);
  await context.close();
  return files;
}

/** Lighthouse's mobile preset: slow 4G (150 ms, 1.6 Mbps down, 750 kbps up), 4x slower CPU. */
const SLOW_4G = {
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: 750e3 / 8,
};

export interface BeforeFirstPaint {
  /** First contentful paint of `/`, ms after navigation start. */
  fcp: number;
  /** Scripts Chromium had fully received by then, gzip size of the built file. */
  files: { file: string; gzip: number }[];
  total: number;
}

/**
 * Loads `/` signed out over a throttled phone connection (Chromium's own throttling, as
 * Lighthouse's mobile preset) and sums the JavaScript that had arrived when the page first
 * painted: what a phone must download before it shows anything.
 */
export async function measureJsBeforeFirstPaint(
  browser: Browser,
  url: string,
  distDir: string,
): Promise<BeforeFirstPaint> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
  );
  const { fcp, scripts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => /\.js$/.test(new URL(entry.name).pathname))
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        end: (entry as PerformanceResourceTiming).responseEnd,
      })),
  }));
  await context.close();
  const files = scripts
    .filter((script) => script.end <= fcp)
    .map((script) => ({
      file: script.path.replace(/^\//, ''),
      gzip: gzipBytes(fs.readFileSync(path.join(distDir, script.path))),
    }));
  return { fcp, files, total: files.reduce((total, file) => total + file.gzip, 0) };
}

export async function measureLandingJs(
  browser: Browser,
  url: string,
  distDir: string,
): Promise<LandingJs> {
  const staticFiles = staticLandingFiles(distDir);
  const loadedFiles = await loadedLandingFiles(browser, url);
  const sum = (files: { gzip: number }[]) => files.reduce((total, file) => total + file.gzip, 0);
  return { staticFiles, loadedFiles, staticTotal: sum(staticFiles), loadedTotal: sum(loadedFiles) };
}
