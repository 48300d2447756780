import fs from 'node:fs/promises';
import { expect } from 'vitest';
import { fixturePhoto } from '../../testing/fixtures';
import type { HttpClient } from '../../testing/http-client';
import { startTestApp, type TestApp } from '../../testing/test-app';

/** A test app for the sharing specs, with the photo their generations are made from. */
export async function startSharingApp(
  env: Record<string, string>,
): Promise<{ app: TestApp; photo: Buffer }> {
  const app = await startTestApp(env);
  const photo = await fs.readFile(fixturePhoto('chelsea.png'));
  return { app, photo };
}

/** Makes a Ghibli generation over REST and returns its id. */
export async function generate(client: HttpClient, photo: Buffer): Promise<string> {
  const form = new FormData();
  form.set('style', 'ghibli');
  form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  const response = await client.fetch('/api/generate-image', { method: 'POST', body: form });
  expect(response.status).toBe(200);
  const { url } = (await response.json()) as { url: string };
  return url.split('/')[3]!;
}
