/**
 * Web benchmark (a report, not a test): the JavaScript a phone downloads before the landing page
 * first paints (gzip) against its 60 KB target, all the JavaScript it loads against its 170 KB
 * budget, and Lighthouse performance, LCP and accessibility on /, /pricing, /ghibli and a shared
 * result's page (/s/<id>, made by registering, generating and sharing) against
 * targets of 95, 1.8 s and 100 (issue 21). Runs the real server (api/src/main.ts, embedded database) serving the
 * built app, and Debian's Chromium.
 *
 *   npx tsx bench/web.ts [--form-factor=mobile|desktop|both] [--runs=1] [--skip-build]
 *
 * Builds web/dist first when its sources are newer. Exits 0 whatever the figures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchBrowser } from '../api/src/testing/browser';
import { spawnApi, tempDataDir } from '../api/src/testing/spawn-api';
import { block, fmt, heading, note, record, summaryTable, table, verdict } from './lib/report';
import { launchDebuggableChromium } from './web/chromium';
import { startGzipProxy } from './web/gzip-proxy';
import { makeSharedResult } from './web/shared-result';
import { measureJsBeforeFirstPaint, measureLandingJs } from './web/landing-js';
import { type FormFactor, type LighthouseScores, runLighthouse } from './web/lighthouse';
import { apiLogFile, PRODUCTION_API_ENV } from './lib/production-api-env';

const LANDING_JS_BUDGET_KB = 170;
const FIRST_PAINT_JS_TARGET_KB = 60;
const PERFORMANCE_TARGET = 95;
const LCP_TARGET_MS = 1800;
const ACCESSIBILITY_TARGET = 100;
const PAGES = ['/', '/pricing', '/ghibli'] as const;
/** A shared result's public page (`/s/<shareId>`, rendered by the API) is measured beside them. */
const SHARED_RESULT_LABEL = '/s/<id>';

const repoRoot = path.resolve(import.meta.dirname, '..');
const webDir = path.join(repoRoot, 'web');
const distDir = path.join(webDir, 'dist');

const option = (name: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
const formFactors: FormFactor[] =
  option('form-factor') === 'mobile'
    ? ['mobile']
    : option('form-factor') === 'desktop'
      ? ['desktop']
      : ['mobile', 'desktop'];
const runs = Math.max(1, Number(option('runs') ?? 1));
const kb = (bytes: number) => bytes / 1024;

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(
      newest,
      entry.isDirectory() ? newestSourceMtime(full) : fs.statSync(full).mtimeMs,
    );
  }
  return newest;
}

function buildIfNeeded() {
  const index = path.join(distDir, 'index.html');
  const builtAt = fs.existsSync(index) ? fs.statSync(index).mtimeMs : 0;
  if (process.argv.includes('--skip-build') && builtAt > 0)
    return note('web/dist: used as it is (--skip-build)');
  if (builtAt >= newestSourceMtime(webDir)) return note('web/dist: up to date');
  note('web/dist: building (npm run build:web)…');
  execFileSync('npm', ['run', 'build:web'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    timeout: 600_000,
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  heading('Web benchmark: landing JavaScript and Lighthouse');
  note(
    `machine: ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}, Node ${process.version}`,
  );
  buildIfNeeded();
  const dataDir = await tempDataDir('bench-web');
  const api = await spawnApi(
    { ...PRODUCTION_API_ENV, DATA_DIR: dataDir, DATABASE_URL: '' },
    120_000,
    [],
    { logFile: await apiLogFile('web') },
  );
  note(`server: ${api.url} (api/src/main.ts, embedded database, serving web/dist)`);
  const browser = await launchBrowser();
  try {
    heading(`Landing page JavaScript (gzip level 9) against the ${LANDING_JS_BUDGET_KB} KB budget`);
    const landing = await measureLandingJs(browser, `${api.url}/`, distDir);
    table(
      ['file loaded by /', 'gzip', 'sent over the wire'],
      [...landing.loadedFiles]
        .sort((a, b) => b.gzip - a.gzip)
        .map((file) => [
          file.file,
          `${fmt(kb(file.gzip), 1)} KB`,
          `${fmt(kb(file.transferred), 1)} KB (${file.encoding})`,
        ]),
    );
    const measured = Math.max(landing.loadedTotal, landing.staticTotal);
    const ratio = kb(measured) / LANDING_JS_BUDGET_KB;
    block(
      [
        [
          'loaded by Chromium',
          `${fmt(kb(landing.loadedTotal), 1)} KB in ${landing.loadedFiles.length} files`,
        ],
        [
          'entry + modulepreloads + imports',
          `${fmt(kb(landing.staticTotal), 1)} KB in ${landing.staticFiles.length} files (from the build manifest)`,
        ],
        ['budget', `${LANDING_JS_BUDGET_KB} KB`],
        [
          'ratio',
          `${fmt(ratio, 2)}× the budget (${fmt(LANDING_JS_BUDGET_KB - kb(measured), 1)} KB to spare)`,
        ],
      ],
      {
        measurement: 'landing JS',
        figure: 'gzip KB',
        value: fmt(kb(measured), 1),
        baseline: `${LANDING_JS_BUDGET_KB} KB budget`,
        ratio: `${fmt(ratio, 2)}×`,
        target: `< ${LANDING_JS_BUDGET_KB}`,
        pass: kb(measured) < LANDING_JS_BUDGET_KB,
      },
    );
    heading(
      `JavaScript before the landing page's first paint (slow 4G, 4x CPU) against ${FIRST_PAINT_JS_TARGET_KB} KB`,
    );
    const firstPaint = await measureJsBeforeFirstPaint(browser, `${api.url}/`, distDir);
    table(
      ['file received before first paint', 'gzip'],
      firstPaint.files.map((file) => [file.file, `${fmt(kb(file.gzip), 1)} KB`]),
    );
    block(
      [
        ['first contentful paint', `${fmt(firstPaint.fcp)} ms`],
        [
          'JavaScript received by then',
          `${fmt(kb(firstPaint.total), 1)} KB gzip in ${firstPaint.files.length} files`,
        ],
        ['target', `<= ${FIRST_PAINT_JS_TARGET_KB} KB`],
      ],
      {
        measurement: 'JS before first paint of /',
        figure: 'gzip KB',
        value: fmt(kb(firstPaint.total), 1),
        baseline: `${FIRST_PAINT_JS_TARGET_KB} KB target`,
        ratio: `${fmt(kb(firstPaint.total) / FIRST_PAINT_JS_TARGET_KB, 2)}×`,
        target: `<= ${FIRST_PAINT_JS_TARGET_KB}`,
        pass: kb(firstPaint.total) <= FIRST_PAINT_JS_TARGET_KB,
      },
    );

    const uncompressed = landing.loadedFiles.filter((file) => file.encoding === 'identity');
    if (uncompressed.length)
      note(
        `the server sent ${uncompressed.length} of ${landing.loadedFiles.length} scripts uncompressed (${fmt(kb(uncompressed.reduce((t, f) => t + f.transferred, 0)), 0)} KB on the wire)`,
      );

    heading(
      `Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}against targets: performance ${PERFORMANCE_TARGET}, LCP ${LCP_TARGET_MS} ms, accessibility ${ACCESSIBILITY_TARGET}`,
    );
    const sharedResultPath = await makeSharedResult(api.url);
    note(`shared result: ${sharedResultPath} (${SHARED_RESULT_LABEL} below)`);
    const pages = [...PAGES, sharedResultPath];
    const label = (url: string) =>
      new URL(url).pathname === sharedResultPath ? SHARED_RESULT_LABEL : new URL(url).pathname;
    const chromium = await launchDebuggableChromium();
    const results: (LighthouseScores & { served: string })[] = [];
    const serverCompresses = uncompressed.length === 0;
    const proxy = serverCompresses ? null : await startGzipProxy(api.url);
    const origins = [
      { served: 'as served', origin: api.url, formFactors },
      // What compression in the server would give (a projection; mobile is where it matters).
      ...(proxy
        ? [
            {
              served: 'gzip proxy',
              origin: proxy.url,
              formFactors: formFactors.filter((f) => f === 'mobile'),
            },
          ]
        : []),
    ];
    try {
      for (const { served, origin, formFactors: factors } of origins) {
        for (const formFactor of factors) {
          for (const page of pages) {
            const attempts: LighthouseScores[] = [];
            for (let run = 0; run < runs; run++)
              attempts.push(await runLighthouse(`${origin}${page}`, chromium.port, formFactor));
            const chosen = [...attempts].sort((a, b) => a.performance - b.performance)[
              Math.floor(attempts.length / 2)
            ]!;
            results.push({
              ...chosen,
              served,
              performance: median(attempts.map((a) => a.performance)),
              accessibility: median(attempts.map((a) => a.accessibility)),
            });
            note(
              `${formFactor} ${page} (${served}): performance ${chosen.performance}, accessibility ${chosen.accessibility}`,
            );
          }
        }
      }
    } finally {
      await chromium.close();
      await proxy?.close();
    }
    table(
      [
        'page',
        'form factor',
        'served',
        'performance',
        'accessibility',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'speed index',
      ],
      results.map((r) => [
        label(r.url),
        r.formFactor,
        r.served,
        `${r.performance} (${verdict(r.performance >= PERFORMANCE_TARGET)})`,
        `${r.accessibility} (${verdict(r.accessibility >= ACCESSIBILITY_TARGET)})`,
        `${fmt(r.metrics.fcp)} ms`,
        `${fmt(r.metrics.lcp)} ms (${verdict(r.metrics.lcp <= LCP_TARGET_MS)})`,
        `${fmt(r.metrics.tbt)} ms`,
        fmt(r.metrics.cls, 3),
        `${fmt(r.metrics.si)} ms`,
      ]),
    );
    for (const r of results) {
      const where = `${label(r.url)} ${r.formFactor}${r.served === 'as served' ? '' : ` (${r.served})`}`;
      const projection = r.served !== 'as served';
      record({
        measurement: `Lighthouse ${where}`,
        figure: 'performance',
        value: String(r.performance),
        ratio: `${fmt(r.performance / PERFORMANCE_TARGET, 2)}× target`,
        target: `>= ${PERFORMANCE_TARGET}`,
        pass: projection ? null : r.performance >= PERFORMANCE_TARGET,
      });
      record({
        measurement: `Lighthouse ${where}`,
        figure: 'LCP ms',
        value: fmt(r.metrics.lcp),
        ratio: `${fmt(r.metrics.lcp / LCP_TARGET_MS, 2)}× target`,
        target: `<= ${LCP_TARGET_MS}`,
        pass: projection ? null : r.metrics.lcp <= LCP_TARGET_MS,
      });
      record({
        measurement: `Lighthouse ${where}`,
        figure: 'accessibility',
        value: String(r.accessibility),
        ratio: `${fmt(r.accessibility / ACCESSIBILITY_TARGET, 2)}× target`,
        target: `>= ${ACCESSIBILITY_TARGET}`,
        pass: projection ? null : r.accessibility >= ACCESSIBILITY_TARGET,
      });
      if (r.performance < PERFORMANCE_TARGET && r.opportunities.length)
        note(`${where} opportunities: ${r.opportunities.join('; ')}`);
    }
    if (proxy)
      note(
        'gzip proxy rows: the same server behind a compressing proxy, a projection of what serving compressed files gives (informational)',
      );
    note(
      'mobile: Lighthouse default (Moto G Power, simulated slow 4G, 4x CPU slowdown); desktop: its desktop preset (simulated 10 Mbps, no slowdown)',
    );
  } finally {
    await browser.close();
    await api.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  heading('Summary');
  summaryTable();
}

await main();
