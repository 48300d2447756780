import type pg from 'pg';
import type { Projection } from '../runtime/projection';

/** Every row of every table of a projection version, in a stable order, for comparisons. */
export async function dumpProjection(pool: pg.Pool, projection: Projection, version?: number) {
  const dump: Record<string, unknown[]> = {};
  for (const table of projection.tables) {
    const name = version === undefined ? table.name : `${table.name}_v${version}`;
    const result = await pool.query(`SELECT * FROM ${name}`);
    dump[table.name] = result.rows
      .map((row) => JSON.stringify(row, Object.keys(row).sort()))
      .sort();
  }
  return dump;
}
