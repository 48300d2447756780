import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpReceiver {
  readonly url: string;
  /** Bytes of OTLP received so far. */
  readonly receivedBytes: () => number;
  readonly close: () => void;
}

/** A local OTLP/HTTP receiver that counts the bytes and answers at once, as a collector on the same host would. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  let bytes = 0;
  const server: Server = createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () =>
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    receivedBytes: () => bytes,
    close: () => server.close(),
  };
}
