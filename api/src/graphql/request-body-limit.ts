import type { IncomingMessage } from 'node:http';
import { createGraphQLError, type Plugin } from 'graphql-yoga';

/** Yoga's own default for `maxRequestBodySize`. */
export const MAX_REQUEST_BODY_BYTES = 25_000_000;

const tooLarge = () =>
  createGraphQLError('Request body too large', {
    extensions: { http: { status: 413 }, code: 'REQUEST_ENTITY_TOO_LARGE' },
  });

const CONTENT_LENGTH = /^\d+$/;

/**
 * Yoga's `maxRequestBodySize` (set to `false` where this plugin is used), without its cost on
 * every request: Yoga pipes each body through a counting stream (a stream pipeline, an
 * AbortController and a DOMException per request). A body that came through Node's HTTP parser
 * with a Content-Length header is exactly that long (the parser reads no more, and refuses
 * Content-Length next to Transfer-Encoding), so checking the header is the whole check. Chunked
 * bodies and requests built in-process are still counted byte by byte, as Yoga does.
 */
export function useRequestBodyLimit(limit = MAX_REQUEST_BODY_BYTES): Plugin<{
  req?: IncomingMessage;
}> {
  return {
    onRequestParse({ request, requestParser, setRequestParser, fetchAPI, serverContext }) {
      const contentLength = request.headers.get('content-length');
      if (contentLength != null) {
        if (!CONTENT_LENGTH.test(contentLength))
          throw createGraphQLError('Content-Length header is invalid.', {
            extensions: { http: { status: 400 }, code: 'BAD_REQUEST' },
          });
        if (Number(contentLength) > limit) throw tooLarge();
        if ((serverContext as { req?: IncomingMessage }).req) return;
      }
      if (!requestParser || !request.body) return;
      const parse = requestParser;
      setRequestParser((original) => {
        const body = original.body;
        if (!body) return parse(original);
        // A native stream needs the native TransformStream (graphql-yoga issue 4583).
        const Transform =
          body instanceof ReadableStream ? globalThis.TransformStream : fetchAPI.TransformStream;
        let bytesRead = 0;
        const counted = body.pipeThrough(
          new Transform<Uint8Array, Uint8Array>({
            transform(chunk, controller) {
              bytesRead += chunk.byteLength;
              if (bytesRead > limit) controller.error(tooLarge());
              else controller.enqueue(chunk);
            },
          }),
        );
        return parse(
          new fetchAPI.Request(original.url, {
            method: original.method,
            headers: original.headers,
            signal: original.signal,
            body: counted,
            duplex: 'half',
          } as RequestInit),
        );
      });
    },
  };
}
