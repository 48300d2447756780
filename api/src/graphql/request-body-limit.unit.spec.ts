import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSchema, createYoga } from 'graphql-yoga';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useRequestBodyLimit } from './request-body-limit';

const LIMIT = 200;
const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { echo(text: String): String }',
    resolvers: { Query: { echo: (_root, args: { text?: string }) => args.text ?? null } },
  }),
  logging: false,
  maxRequestBodySize: false,
  plugins: [useRequestBodyLimit(LIMIT)],
});
const body = (text: string) => JSON.stringify({ query: `{ echo(text: "${text}") }` });

/** POSTs over real HTTP; `chunked` sends no Content-Length (Transfer-Encoding: chunked). */
function post(url: string, payload: string, chunked = false) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? {} : { 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    if (chunked) for (let i = 0; i < payload.length; i += 50) req.write(payload.slice(i, i + 50));
    else req.write(payload);
    req.end();
  });
}

describe('useRequestBodyLimit', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer(yoga);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('serves a sized body within the limit, and refuses one declared over it', async () => {
    expect(await post(url, body('hi'))).toMatchObject({ status: 200 });
    const refused = await post(url, body('x'.repeat(LIMIT)));
    expect(refused.status).toBe(413);
    expect(refused.text).toContain('Request body too large');
  });

  it('counts a chunked body and refuses it once it passes the limit', async () => {
    expect(await post(url, body('hi'), true)).toMatchObject({ status: 200 });
    const refused = await post(url, body('x'.repeat(LIMIT)), true);
    expect(refused.status).toBe(413);
    expect(refused.text).toContain('Request body too large');
  });

  it('counts the body of a request built in-process, whatever its Content-Length says', async () => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10' },
      body: body('x'.repeat(LIMIT)),
    });
    expect(response.status).toBe(413);
  });

  it('refuses a malformed Content-Length', async () => {
    const response = await yoga.fetch('http://localhost/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '1,1' },
      body: body('hi'),
    });
    expect(response.status).toBe(400);
  });
});
