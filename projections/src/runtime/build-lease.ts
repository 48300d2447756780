import { withTransaction } from '@app/ledger';
import pg from 'pg';
import { loadCheckpoint, loadCheckpoints } from './checkpoints';
import { dropTablesSql, type Projection } from './projection';

/** The advisory lock a building version's process holds for as long as it builds it. */
const BUILD_LOCK = `hashtext('projection-build:' || $1::text), $2::int`;

/**
 * Versions this process is building. Embedded Postgres (PGlite) has a single session, in which
 * every advisory lock is this process's own and so always free to it: this set guards them there.
 */
const buildingHere = new Set<string>();
const buildId = (name: string, version: number) => `${name}:${version}`;

export class BuildAlreadyClaimedError extends Error {
  constructor(name: string, version: number) {
    super(`${name} v${version} is being built by another process`);
    this.name = 'BuildAlreadyClaimedError';
  }
}

/**
 * A connection of its own holding a session advisory lock per version being built: while it
 * lives, no other process drops those versions; when the process dies, Postgres ends the session
 * and the lock with it, and the next rebuild or worker start drops what it left behind.
 * Not taken from the pool, which may have a single connection (embedded) the build needs.
 */
export class BuildLease {
  private readonly claimed: { name: string; version: number }[] = [];
  /** Claims made at once (one per projection) take turns on the one connection. */
  private claims: Promise<unknown> = Promise.resolve();

  /** Null on embedded Postgres, where this process is the only one and `buildingHere` suffices. */
  private constructor(private readonly client: pg.Client | null) {}

  static async open(pool: pg.Pool): Promise<BuildLease> {
    // PGlite serves one connection at a time: a second one held open would wait for the pool's
    // forever, and the build would wait for it. Only one process can open its data folder anyway.
    if (await isEmbedded(pool)) return new BuildLease(null);
    const client = new pg.Client(pool.options);
    // A lost connection loses the locks: another process may then drop the build, which fails.
    client.on('error', () => undefined);
    await client.connect();
    return new BuildLease(client);
  }

  /** Called before the version's checkpoint row commits, so no one ever sees it unclaimed. */
  async claim(name: string, version: number): Promise<void> {
    const client = this.client;
    if (client) {
      const turn = this.claims.then(() =>
        client.query<{ claimed: boolean }>(
          `SELECT pg_try_advisory_lock(${BUILD_LOCK}) AS claimed`,
          [name, version],
        ),
      );
      this.claims = turn.catch(() => undefined);
      const result = await turn;
      if (!result.rows[0]!.claimed) throw new BuildAlreadyClaimedError(name, version);
    } else if (buildingHere.has(buildId(name, version))) {
      throw new BuildAlreadyClaimedError(name, version);
    }
    buildingHere.add(buildId(name, version));
    this.claimed.push({ name, version });
  }

  async close(): Promise<void> {
    for (const { name, version } of this.claimed) {
      buildingHere.delete(buildId(name, version));
      await this.client
        ?.query(`SELECT pg_advisory_unlock(${BUILD_LOCK})`, [name, version])
        .catch(() => undefined);
    }
    await this.client?.end().catch(() => undefined);
  }
}

type Queryable = Pick<pg.Pool, 'query'>;

async function isEmbedded(db: Queryable): Promise<boolean> {
  const result = await db.query<{ version: string }>('SELECT version() AS version');
  return result.rows[0]!.version.includes('PGlite');
}

/** Building versions whose process is gone: no session holds their lock, and not this process. */
export async function abandonedBuilds(db: Queryable): Promise<{ name: string; version: number }[]> {
  const result = await db.query<{ name: string; version: number }>(
    `SELECT c.name, c.version FROM projection_checkpoints c
     WHERE c.status = 'building' AND NOT EXISTS (
       SELECT 1 FROM pg_locks l
       WHERE l.locktype = 'advisory' AND l.objsubid = 2 AND l.granted
         AND l.classid = hashtext('projection-build:' || c.name)::oid AND l.objid = c.version::oid)
     ORDER BY c.name, c.version`,
  );
  return result.rows.filter((row) => !buildingHere.has(buildId(row.name, row.version)));
}

/**
 * Drops the tables and checkpoint rows of builds whose process died mid-build. Each is decided in
 * one transaction that takes the build's lock itself: a build whose process still holds it is
 * never touched.
 */
export async function dropAbandonedBuilds(
  pool: pg.Pool,
  projections: readonly Projection[],
): Promise<{ name: string; version: number }[]> {
  const dropped = [];
  for (const row of await loadCheckpoints(pool, ['building'])) {
    const projection = projections.find((p) => p.name === row.name);
    if (!projection || buildingHere.has(buildId(row.name, row.version))) continue;
    const abandoned = await withTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`projection:${row.name}`]);
      const free = await client.query<{ free: boolean }>(
        `SELECT pg_try_advisory_xact_lock(${BUILD_LOCK}) AS free`,
        [row.name, row.version],
      );
      if (!free.rows[0]!.free) return false;
      const current = await loadCheckpoint(client, row.name, row.version, true);
      if (current?.status !== 'building') return false;
      for (const sql of dropTablesSql(projection, row.version)) await client.query(sql);
      await client.query('DELETE FROM projection_checkpoints WHERE name = $1 AND version = $2', [
        row.name,
        row.version,
      ]);
      return true;
    });
    if (abandoned) dropped.push({ name: row.name, version: row.version });
  }
  return dropped;
}
