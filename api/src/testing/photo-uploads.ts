import fs from 'node:fs/promises';
import type { HttpClient } from './http-client';

/** How a form is sent: at once, or with a pause after its first 64 KB, as over a real connection. */
export type Sending = 'at once' | { readonly pauseEarlyMs: number };

const FIRST_PART_BYTES = 64 * 1024;

/**
 * Sends `form`; with a pause early on, the server is still receiving it when the request's own
 * checks answer (as with any photo that takes longer to arrive than a database round trip).
 */
async function sendForm(
  client: HttpClient,
  path: string,
  form: FormData,
  sending: Sending,
  headers: Record<string, string> = {},
) {
  if (sending === 'at once') return client.fetch(path, { method: 'POST', body: form, headers });
  const encoded = new Response(form);
  const type = encoded.headers.get('content-type')!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const first = Math.min(FIRST_PART_BYTES, Math.floor(bytes.length / 2));
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, first));
      await new Promise((resolve) => setTimeout(resolve, sending.pauseEarlyMs));
      controller.enqueue(bytes.subarray(first));
      controller.close();
    },
  });
  return client.fetch(path, {
    method: 'POST',
    body,
    headers: { ...headers, 'content-type': type },
    duplex: 'half',
  } as RequestInit);
}

/** A photo sent to the REST path, `POST /api/generate-image`. */
export function restUpload(client: HttpClient, bytes: Buffer, sending: Sending = 'at once') {
  const form = new FormData();
  form.set('style', 'ghibli');
  form.set('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'a.png');
  return sendForm(client, '/api/generate-image', form, sending);
}

/** The web app's path: `generateImage` in a GraphQL multipart request. */
export function graphqlUpload(client: HttpClient, bytes: Buffer, sending: Sending = 'at once') {
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
  return sendForm(client, '/graphql', form, sending, { 'x-graphql-yoga-csrf': '1' });
}

/** Files left under a folder, at any depth (uploads must not outlive their request). */
export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}
