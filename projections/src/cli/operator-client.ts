import type { PrunedVersion } from '../operator/projection-operations';
import type { RuntimeFile } from '../operator/runtime-file';
import type { RebuildProgress } from '../runtime/rebuild';
import type { ProjectionStatus } from '../runtime/status';

/** Talks to the embedded API's operator endpoints (loopback, with the token from runtime.json). */
export function operatorClient(runtime: RuntimeFile) {
  const base = `http://127.0.0.1:${runtime.port}/internal/operator/projections`;
  const headers = {
    authorization: `Bearer ${runtime.operatorToken}`,
    'content-type': 'application/json',
  };

  async function request(pathname: string, init: RequestInit = {}) {
    const response = await fetch(`${base}${pathname}`, { ...init, headers });
    if (!response.ok)
      throw new Error(`operator API ${pathname}: ${response.status} ${await response.text()}`);
    return response;
  }

  /** Reads an NDJSON stream of progress lines, ending with a `{result}` or `{error}` line. */
  async function streamProgress(
    pathname: string,
    body: unknown,
    onProgress: (p: RebuildProgress) => void,
  ) {
    const response = await request(pathname, { method: 'POST', body: JSON.stringify(body) });
    const decoder = new TextDecoder();
    let buffer = '';
    let result: unknown;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let newline: number;
      while ((newline = buffer.indexOf('\n')) >= 0) {
        const line = JSON.parse(buffer.slice(0, newline)) as {
          progress?: RebuildProgress;
          result?: unknown;
          error?: string;
        };
        buffer = buffer.slice(newline + 1);
        if (line.progress) onProgress(line.progress);
        if (line.error) throw new Error(line.error);
        if ('result' in line) result = line.result;
      }
    }
    return result;
  }

  return {
    async status(): Promise<ProjectionStatus[]> {
      const rows = (await (await request('/status')).json()) as ProjectionStatus[];
      return rows.map((row) => ({
        ...row,
        checkpoint: {
          commit: BigInt(row.checkpoint.commit),
          prepare: BigInt(row.checkpoint.prepare),
        },
        head: row.head
          ? { commit: BigInt(row.head.commit), prepare: BigInt(row.head.prepare) }
          : null,
        updatedAt: new Date(row.updatedAt),
      }));
    },
    rebuild: (name: string, onProgress: (p: RebuildProgress) => void) =>
      streamProgress('/rebuild', { name }, onProgress),
    replayAll: (onProgress: (p: RebuildProgress) => void) =>
      streamProgress('/replay', {}, onProgress),
    async pruneRetired() {
      return (await (
        await request('/prune', { method: 'POST', body: '{}' })
      ).json()) as PrunedVersion[];
    },
  };
}
