import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fixturePhoto } from '../../api/src/testing/fixtures';
import { HttpClient } from '../../api/src/testing/http-client';

/**
 * A shared result on the server at `baseUrl`, made as a user would: register (the free
 * credits pay for one image), generate a Ghibli picture from the fixture photo with the
 * preview engine, share it. Returns the public page's path, `/s/<shareId>`.
 */
export async function makeSharedResult(baseUrl: string): Promise<string> {
  const client = new HttpClient(baseUrl);
  const label = randomUUID().slice(0, 8);
  const registered = await client.json('/api/auth/register', {
    email: `bench.${label}@example.com`,
    password: 'bench-password-1',
    username: `bench${label}`,
    fullName: 'Bench Visitor',
  });
  if (registered.status !== 201) throw new Error(`register: HTTP ${registered.status}`);
  const form = new FormData();
  const photo = await readFile(fixturePhoto('chelsea.png'));
  form.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'me.png');
  form.set('style', 'ghibli');
  const generated = await client.fetch('/api/generate-image', { method: 'POST', body: form });
  if (generated.status !== 200) throw new Error(`generate-image: HTTP ${generated.status}`);
  const generationId = ((await generated.json()) as { url: string }).url.split('/')[3]!;
  const shared = await client.json(`/api/generations/${generationId}/share`, {});
  if (shared.status !== 201) throw new Error(`share: HTTP ${shared.status}`);
  return ((await shared.json()) as { path: string }).path;
}
