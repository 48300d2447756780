import type { IncomingMessage } from 'node:http';

export interface Reply {
  readonly status: number;
  /** JSON, or a Buffer sent as is. */
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** Replicate's error shape (problem details). */
export function problem(status: number, title: string, detail: string): Reply {
  return { status, body: { title, detail, status } };
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseBody(raw: Buffer): unknown {
  if (raw.length === 0) return undefined;
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function redactHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  // Keep the scheme so tests can see it was "Bearer", never the token itself.
  if (headers.authorization !== undefined) {
    const scheme = /^(\S+)\s/.exec(headers.authorization)?.[1];
    headers.authorization = scheme ? `${scheme} [redacted]` : '[redacted]';
  }
  return headers;
}
