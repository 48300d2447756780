import fs from 'node:fs';
import path from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';

/** A raw GET (fetch would undo the compression we want to see). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
        );
      })
        .on('error', reject)
        .end();
    },
  );
}

describe('the built web app as the API serves it', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends the precompressed twin of an asset when the browser accepts it, the plain file otherwise', async () => {
    const script = fs
      .readdirSync(path.resolve('web/dist/assets'))
      .find((name) => name.endsWith('.js'))!;
    const original = fs.readFileSync(path.resolve('web/dist/assets', script));
    const compressed = await rawGet(`${app.url}/assets/${script}`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(compressed.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(compressed.body).equals(original)).toBe(true);
    expect(compressed.body.length).toBeLessThan(original.length);

    const plain = await rawGet(`${app.url}/assets/${script}`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(original)).toBe(true);
  });

  it('answers any app path with index.html, and API paths with JSON', async () => {
    const page = await fetch(`${app.url}/ghibli-creator`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root"');
    expect((await fetch(`${app.url}/api/nope`)).headers.get('content-type')).toContain(
      'application/json',
    );
  });

  it('answers paths outside the route table with 404 and the app (its 404 page), app paths with 200', async () => {
    const table = JSON.parse(fs.readFileSync(path.resolve('web/dist/routes.json'), 'utf8')) as {
      paths: string[];
    };
    // Written out here, independently of the app's table: the spec's pages and some aliases.
    for (const known of ['/', '/pricing', '/profile', '/creations', '/ghibli', '/barbie-filter'])
      expect(table.paths).toContain(known);

    for (const known of [
      '/',
      '/pricing',
      '/pricing/',
      '/Pricing',
      '/about?ref=mail',
      '/creations',
      '/profile',
      '/admin',
      '/ghibli-creator',
      '/barbie-filter',
      '/image-to-anime',
    ]) {
      const response = await fetch(`${app.url}${known}`);
      expect(response.status, known).toBe(200);
      expect(response.headers.get('content-type'), known).toContain('text/html');
    }
    for (const unknown of [
      '/no-such-page',
      '/ghibli/extra',
      '/pricing/pro',
      '/creator',
      '/%E0%A4%A',
      '/assets/missing.js',
    ]) {
      const response = await fetch(`${app.url}${unknown}`);
      expect(response.status, unknown).toBe(404);
      expect(response.headers.get('content-type'), unknown).toContain('text/html');
      expect(response.headers.get('cache-control'), unknown).toBe('no-cache');
      expect(await response.text(), unknown).toContain('<div id="root"');
    }
    // A browser that has the page cached still learns it is gone (no 304 for a 404).
    const again = await fetch(`${app.url}/no-such-page`, {
      headers: { 'if-modified-since': new Date(Date.now() + 60_000).toUTCString() },
    });
    expect(again.status).toBe(404);
  });

  it('answers unknown /api paths, any method, with a JSON 404 naming the path', async () => {
    for (const [method, apiPath] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api/user'],
      ['GET', '/api'],
    ] as const) {
      const response = await fetch(`${app.url}${apiPath}?x=1`, { method });
      expect(response.status, apiPath).toBe(404);
      expect(response.headers.get('content-type'), apiPath).toContain('application/json');
      expect(await response.json(), apiPath).toEqual({
        message: `There is no API endpoint at ${method} ${apiPath}`,
      });
    }
  });
});
