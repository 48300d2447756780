import http from 'node:http';
import { runLedgerAudit, type LedgerAuditResult } from '@app/projections';
import type { TestApp } from './test-app';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface RawRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** One request on its own TCP connection (no keep-alive pool): what N separate clients send. */
export function rawRequest(baseUrl: string, request: RawRequest): Promise<RawResponse> {
  const url = new URL(request.path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      url,
      {
        method: request.method ?? 'GET',
        headers: {
          ...(request.body ? { 'content-length': Buffer.byteLength(request.body) } : {}),
          ...request.headers,
          connection: 'close',
        },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    if (request.body) outgoing.write(request.body);
    outgoing.end();
  });
}

/**
 * Sends `count` requests at once, each on its own connection, released together after all are
 * built; answers every response and the count of each status code, e.g. `{ 200: 1, 409: 19 }`.
 */
export async function burst(
  baseUrl: string,
  count: number,
  request: (index: number) => RawRequest,
): Promise<{ responses: RawResponse[]; codes: Record<number, number> }> {
  const requests = Array.from({ length: count }, (_, index) => request(index));
  const responses = await Promise.all(requests.map((r) => rawRequest(baseUrl, r)));
  const codes: Record<number, number> = {};
  for (const response of responses) codes[response.status] = (codes[response.status] ?? 0) + 1;
  return { responses, codes };
}

/** A JSON POST as a browser with this cookie header would send it. */
export const jsonPost = (
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): RawRequest => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

/** A GraphQL operation over a JSON POST (with the CSRF header Yoga asks for). */
export const graphqlPost = (
  query: string,
  variables: Record<string, unknown>,
  headers: Record<string, string> = {},
): RawRequest =>
  jsonPost('/graphql', { query, variables }, { 'x-graphql-yoga-csrf': '1', ...headers });

/** Waits for the read models, then runs the ledger audit over the app's database. */
export async function auditAfterSettling(app: TestApp): Promise<LedgerAuditResult> {
  await app.settle();
  return runLedgerAudit({ pool: app.database.pool, store: app.runtime.storage.store });
}
