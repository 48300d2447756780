/**
 * Deterministic companions to bench/web.ts's Lighthouse scores (a report, not a test): for one or
 * more builds of the web app, the JavaScript each public page loads and the main-thread work
 * Lighthouse attributes to it (its `bootup-time` and `mainthread-work-breakdown` audits, mobile
 * preset), with TBT and LCP beside them. Builds are served alternately, page by page, so a
 * before/after pair is measured back to back in the same conditions.
 *
 *   npx tsx bench/web-main-thread.ts [--dist=web/dist]... [--runs=3] [--pages=/,/pricing,/ghibli,/s]
 *
 * `/s` stands for a shared result's page, made on each server (bench/web/shared-result.ts). *
 * Each --dist is served by its own API process (embedded database) through a scratch directory
 * whose web/dist points at it. Exits 0 whatever the figures.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { freePort } from '../api/src/testing/spawn-api';
import { fmt, heading, note, table } from './lib/report';
import { launchDebuggableChromium } from './web/chromium';
import { makeSharedResult } from './web/shared-result';

const repoRoot = path.resolve(import.meta.dirname, '..');
const options = (name: string) =>
  process.argv.filter((arg) => arg.startsWith(`--${name}=`)).map((arg) => arg.split('=')[1]!);
const dists = (options('dist').length ? options('dist') : ['web/dist']).map((dist) =>
  path.resolve(dist),
);
const runs = Math.max(1, Number(options('runs')[0] ?? 3));
const pages = (options('pages')[0] ?? '/,/pricing,/ghibli,/s').split(',');

interface Served {
  dist: string;
  url: string;
  /** The page a shared result has on this server (made only when `/s` is measured). */
  sharedResultPath: string | null;
  stop(): void;
}

/** The API (api/src/main.ts reads `web/dist` from its working directory) serving `dist`. */
async function serve(dist: string): Promise<Served> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'web-main-thread-'));
  fs.mkdirSync(path.join(root, 'web'));
  fs.symlinkSync(dist, path.join(root, 'web', 'dist'));
  fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(repoRoot, 'api/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: '',
        DATA_DIR: path.join(root, 'data'),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api for ${dist} exited with ${child.exitCode}`);
    const healthy = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`api for ${dist} did not become healthy`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    dist,
    url,
    sharedResultPath: pages.includes('/s') ? await makeSharedResult(url) : null,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

interface Sample {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  scriptKb: number;
  scriptEvaluation: number;
  scriptParse: number;
  bootupTotal: number;
  longTasks: number;
}

async function measure(url: string, port: number, attempt = 1): Promise<Sample> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const failure = result ? result.lhr.runtimeError?.message : 'no result';
  // On a loaded machine Lighthouse now and then loses the trace (NO_NAVSTART): run it again.
  if (failure && attempt < 3) return measure(url, port, attempt + 1);
  if (!result || failure) throw new Error(`lighthouse failed on ${url}: ${failure}`);
  const { audits, categories } = result.lhr;
  const saveDir = options('save')[0];
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    const name = `${new URL(url).port}${new URL(url).pathname.replaceAll('/', '_')}-${Date.now()}.json`;
    fs.writeFileSync(path.join(saveDir, name), JSON.stringify(result.lhr));
  }
  const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) =>
    ((audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []) as {
      [key: string]: unknown;
    }[];
  const breakdown = (group: string) =>
    Number(items('mainthread-work-breakdown').find((item) => item.group === group)?.duration ?? 0);
  const scripts = items('resource-summary').find((item) => item.resourceType === 'script');
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptKb: Number(scripts?.transferSize ?? 0) / 1024,
    scriptEvaluation: breakdown('scriptEvaluation'),
    scriptParse: breakdown('scriptParseCompile'),
    bootupTotal: numeric('bootup-time'),
    longTasks: items('long-tasks').length,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function main() {
  heading('Public pages: JavaScript and main-thread work (Lighthouse mobile, medians)');
  note(
    `load ${os
      .loadavg()
      .map((load) => load.toFixed(2))
      .join(' / ')}; ${runs} run(s) per page and build, builds alternated`,
  );
  const served: Served[] = [];
  const chromium = await launchDebuggableChromium();
  try {
    for (const dist of dists) served.push(await serve(dist));
    const samples = new Map<string, Sample[]>();
    for (const page of pages)
      for (let run = 0; run < runs; run++)
        for (const build of served) {
          const key = `${page}\u0000${build.dist}`;
          const pagePath = page === '/s' ? build.sharedResultPath! : page;
          const sample = await measure(`${build.url}${pagePath}`, chromium.port);
          samples.set(key, [...(samples.get(key) ?? []), sample]);
          note(
            `${page} ${path.relative(repoRoot, build.dist) || build.dist}: perf ${sample.performance}, TBT ${fmt(sample.tbt)} ms, LCP ${fmt(sample.lcp)} ms, script eval ${fmt(sample.scriptEvaluation)} ms`,
          );
        }
    table(
      [
        'page',
        'build',
        'script KB (wire)',
        'script eval ms',
        'parse+compile ms',
        'bootup-time ms',
        'long tasks',
        'TBT ms',
        'LCP ms',
        'CLS',
        'performance',
      ],
      [...samples].map(([key, list]) => {
        const [page, dist] = key.split('\u0000') as [string, string];
        const m = (pick: (s: Sample) => number) => median(list.map(pick));
        return [
          page,
          path.relative(repoRoot, dist) || dist,
          fmt(
            m((s) => s.scriptKb),
            1,
          ),
          fmt(m((s) => s.scriptEvaluation)),
          fmt(m((s) => s.scriptParse)),
          fmt(m((s) => s.bootupTotal)),
          fmt(m((s) => s.longTasks)),
          fmt(m((s) => s.tbt)),
          fmt(m((s) => s.lcp)),
          fmt(
            m((s) => s.cls),
            3,
          ),
          fmt(m((s) => s.performance)),
        ];
      }),
    );
    note(
      'main-thread figures are Lighthouse simulated (4x CPU slowdown applied to the observed trace)',
    );
  } finally {
    await chromium.close();
    for (const build of served) build.stop();
  }
}

await main();
