import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

const NEEDS_ESCAPE = /[\\\n\r\t]/;

/** One value in COPY's text format. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
    return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\n\r\t]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t',
  );
}

const copySupport = new WeakMap<pg.PoolClient, boolean>();

/** PGlite (embedded mode) does not speak COPY over the wire; every real server does. */
async function supportsCopy(client: pg.PoolClient): Promise<boolean> {
  let supported = copySupport.get(client);
  if (supported === undefined) {
    const result = await client.query<{ version: string }>('SELECT version() AS version');
    supported = !result.rows[0]!.version.includes('PGlite');
    copySupport.set(client, supported);
  }
  return supported;
}

/**
 * Bulk insert: COPY where the server supports it (several times faster than INSERT for the
 * thousands of rows of a replay), else one INSERT with a VALUES list.
 */
export async function copyRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Promise<void> {
  if (rows.length === 0) return;
  if (!(await supportsCopy(client))) return insertRows(client, table, columns, rows);
  const lines = rows.map((row) => row.map(copyValue).join('\t') + '\n');
  const stream = client.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN`));
  await pipeline(Readable.from([lines.join('')]), stream);
}

async function insertRows(
  client: pg.PoolClient,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
) {
  // Chunked to stay under the 65,535 bind parameters of one statement.
  const perChunk = Math.max(1, Math.floor(60_000 / columns.length));
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const params: unknown[] = [];
    const tuples = chunk.map(
      (row) =>
        `(${row
          .map((value) => {
            params.push(typeof value === 'bigint' ? value.toString() : value);
            return `$${params.length}`;
          })
          .join(', ')})`,
    );
    await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`,
      params,
    );
  }
}
