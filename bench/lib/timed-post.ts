import { request as httpRequest } from 'node:http';

/** POSTs one prebuilt body with node:http; resolves with the round trip in ms and the status. */
export const timedPost = (url: string, body: Buffer, headers: Record<string, string>) =>
  new Promise<[number, number]>((resolve, reject) => {
    const started = performance.now();
    const sent = httpRequest(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(body.length) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve([performance.now() - started, response.statusCode!]));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
