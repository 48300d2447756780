import fs from 'node:fs/promises';
import type { HttpClient } from './http-client';

/** A photo sent to the REST path, `POST /api/generate-image`. */
export function restUpload(client: HttpClient, bytes: Buffer) {
  const form = new FormData();
  form.set('style', 'ghibli');
  form.set('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return client.fetch('/api/generate-image', { method: 'POST', body: form });
}

/** The web app's path: `generateImage` in a GraphQL multipart request. */
export function graphqlUpload(client: HttpClient, bytes: Buffer) {
  const form = new FormData();
  form.set(
    'operations',
    JSON.stringify({
      query: `mutation ($input: GenerateImageInput!) { generateImage(input: $input) { id } }`,
      variables: { input: { style: 'GHIBLI', photo: null } },
    }),
  );
  form.set('map', JSON.stringify({ 0: ['variables.input.photo'] }));
  form.set('0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return client.fetch('/graphql', {
    method: 'POST',
    body: form,
    headers: { 'x-graphql-yoga-csrf': '1' },
  });
}

/** Files left under a folder, at any depth (uploads must not outlive their request). */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
