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
});
