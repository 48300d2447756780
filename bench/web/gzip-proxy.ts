import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';

const TEXT = /javascript|css|html|json|svg/;

export interface GzipProxy {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy that gzips text responses: what the pages would score once the server
 * compresses what it sends (it does not yet). Only for the projection rows of the report.
 */
export async function startGzipProxy(upstreamUrl: string): Promise<GzipProxy> {
  const upstream = new URL(upstreamUrl);
  const server = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        const compress =
          TEXT.test(String(answer.headers['content-type'] ?? '')) &&
          !answer.headers['content-encoding'] &&
          /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        const headers = { ...answer.headers };
        if (compress) {
          delete headers['content-length'];
          headers['content-encoding'] = 'gzip';
          headers.vary = 'Accept-Encoding';
        }
        response.writeHead(answer.statusCode ?? 502, headers);
        (compress ? answer.pipe(zlib.createGzip({ level: 9 })) : answer).pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
