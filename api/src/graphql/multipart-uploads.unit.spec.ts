import fs from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UploadFolder } from '../generation/upload/upload-folder';
import { StoredUpload, useMultipartUploads, type FileUpload } from './multipart-uploads';
import { filesUnder } from '../testing/photo-uploads';

const LIMITS = { fileSize: 1000, files: 1, fields: 10, fieldSize: 1000 };
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface Seen {
  stored: boolean;
  existed: boolean;
  mode: number;
  size: number;
  head: string;
  name: string;
  type: string;
  bytes: string;
}

function multipart(files: { field: string; bytes: Buffer }[], boundary = 'b0undary') {
  const operations = JSON.stringify({
    query: 'mutation ($file: File!) { upload(file: $file) }',
    variables: { file: null },
  });
  const map = JSON.stringify({ 0: ['variables.file'] });
  const part = (headers: string, body: Buffer | string) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(body),
      Buffer.from('\r\n'),
    ]);
  return Buffer.concat([
    part('Content-Disposition: form-data; name="operations"', operations),
    part('Content-Disposition: form-data; name="map"', map),
    ...files.map(({ field, bytes }) =>
      part(
        `Content-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png`,
        bytes,
      ),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
}

describe('useMultipartUploads', () => {
  let parent: string;
  let server: Server;
  let url: string;
  let seen: Seen | null = null;

  beforeAll(async () => {
    parent = await fs.mkdtemp(path.join(os.tmpdir(), 'multipart-uploads-'));
    const yoga = createYoga({
      schema: createSchema({
        typeDefs:
          'scalar File\ntype Query { ok: Boolean }\ntype Mutation { upload(file: File!): Int }',
        resolvers: {
          Mutation: {
            upload: async (_root, { file }: { file: FileUpload }) => {
              const stored = file instanceof StoredUpload;
              const stat = stored ? await fs.stat(file.path) : null;
              seen = {
                stored,
                existed: stat !== null,
                mode: stat ? stat.mode & 0o777 : 0,
                size: file.size,
                head: stored ? file.head.toString('hex') : '',
                name: file.name,
                type: file.type,
                bytes: Buffer.from(await file.arrayBuffer()).toString('hex'),
              };
              return file.size;
            },
          },
        },
      }),
      logging: false,
      plugins: [
        useCSRFPrevention({ requestHeaders: ['x-csrf'] }),
        useMultipartUploads(new UploadFolder(parent), LIMITS),
      ],
    });
    server = createServer(yoga);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterEach(async () => {
    seen = null;
    // Whatever the answer, no file is kept once the response is closed.
    await expect.poll(() => filesUnder(parent), { timeout: 2_000 }).toEqual([]);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await fs.rm(parent, { recursive: true, force: true });
  });

  function post(body: Buffer, headers: Record<string, string> = { 'x-csrf': '1' }) {
    return fetch(url, {
      method: 'POST',
      body: new Uint8Array(body),
      headers: { 'content-type': 'multipart/form-data; boundary=b0undary', ...headers },
    });
  }

  it('hands the resolver a private file written as the part arrived, readable as a File', async () => {
    const bytes = Buffer.concat([PNG_HEAD, Buffer.alloc(500, 7)]);
    const response = await post(multipart([{ field: '0', bytes }]));
    expect(await response.json()).toEqual({ data: { upload: 508 } });
    expect(seen).toEqual({
      stored: true,
      existed: true,
      mode: 0o600,
      size: 508,
      head: Buffer.concat([PNG_HEAD, Buffer.alloc(8, 7)]).toString('hex'),
      name: 'a.png',
      type: 'image/png',
      bytes: bytes.toString('hex'),
    });
  });

  it('refuses a file over the size limit with 413 while it streams', async () => {
    const response = await post(multipart([{ field: '0', bytes: Buffer.alloc(5000) }]));
    expect(response.status).toBe(413);
    const body = (await response.json()) as { errors: { extensions: { code: string } }[] };
    expect(body.errors[0]?.extensions.code).toBe('REQUEST_ENTITY_TOO_LARGE');
    expect(seen).toBeNull();
  });

  it('refuses a second file with 400', async () => {
    const response = await post(
      multipart([
        { field: '0', bytes: Buffer.alloc(10) },
        { field: '1', bytes: Buffer.alloc(10) },
      ]),
    );
    expect(response.status).toBe(400);
    expect(seen).toBeNull();
  });

  it('refuses a body without operations with 400', async () => {
    const response = await post(
      Buffer.from(
        '--b0undary\r\nContent-Disposition: form-data; name="map"\r\n\r\n{}\r\n--b0undary--\r\n',
      ),
    );
    expect(response.status).toBe(400);
  });

  it('keeps CSRF prevention: no header, no upload', async () => {
    const response = await post(multipart([{ field: '0', bytes: Buffer.alloc(10) }]), {});
    expect(response.status).toBe(403);
    expect(seen).toBeNull();
  });

  it('answers a file it could not write with a masked 500 that names no path', async () => {
    const unwritable = createServer(
      createYoga({
        schema: createSchema({
          typeDefs:
            'scalar File\ntype Query { ok: Boolean }\ntype Mutation { upload(file: File!): Int }',
          resolvers: { Mutation: { upload: () => 1 } },
        }),
        logging: false,
        maskedErrors: true,
        // A "folder" that is a file: every write under it fails (ENOTDIR), as root too.
        plugins: [useMultipartUploads(new UploadFolder(path.join(parent, 'not-a-folder')), LIMITS)],
      }),
    );
    await fs.writeFile(path.join(parent, 'not-a-folder'), '');
    await new Promise<void>((resolve) => unwritable.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = unwritable.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        body: new Uint8Array(multipart([{ field: '0', bytes: Buffer.alloc(10) }])),
        headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
      });
      expect(response.status).toBe(500);
      const text = await response.text();
      expect(text).toContain('Unexpected error');
      expect(text).not.toContain(parent);
    } finally {
      await new Promise((resolve) => unwritable.close(resolve));
      await fs.rm(path.join(parent, 'not-a-folder'), { force: true });
    }
  });

  it('removes the partial file when the client goes away mid-upload', async () => {
    const body = multipart([{ field: '0', bytes: Buffer.alloc(900, 1) }]);
    const cut = body.length - 400;
    await new Promise<void>((resolve) => {
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          'content-type': 'multipart/form-data; boundary=b0undary',
          'content-length': body.length,
          'x-csrf': '1',
        },
      });
      req.on('error', () => resolve());
      req.write(body.subarray(0, cut), async () => {
        // The part is being written: its file exists, then the client disconnects.
        await expect.poll(() => filesUnder(parent), { timeout: 2_000 }).toHaveLength(1);
        req.destroy();
        resolve();
      });
    });
    expect(seen).toBeNull();
  });
});
