import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { formatPosition } from '@app/ledger';
import { runLedgerAudit, type LedgerAuditResult } from '@app/projections';
import pg from 'pg';
import type { Config } from '../config';
import { openRuntime } from '../composition/runtime';
import { createServices } from '../composition/services';

const run = promisify(execFile);

/** The blob prefixes a backup carries: results (kept), uploads (in flight at backup time). */
const BLOB_PREFIXES = ['results/', 'uploads/', 'shares/'];

export interface BackupManifest {
  readonly format: 1;
  readonly createdAt: string;
  /** The head of the event log in the dump (what a restore gets back). */
  readonly head: string | null;
  readonly events: number;
  readonly blobs: { key: string; contentType: string }[];
}

function requireServer(config: Config): string {
  if (!config.databaseUrl)
    throw new Error(
      'backup and restore are for the Postgres deployment (DATABASE_URL); for the embedded database stop the API and copy DATA_DIR',
    );
  if (config.eventStoreConnectionString)
    throw new Error(
      'the event log lives in KurrentDB here: back it up as the README says (Operating › Backup and restore); this command covers the Postgres event store',
    );
  return config.databaseUrl;
}

/**
 * One consistent snapshot of the database (pg_dump runs in one repeatable-read transaction: the
 * event log, users, sessions, generations and read models as of one instant), then the blobs.
 * Blobs are written before the rows that name them and only deleted later, so copying them after
 * the dump gives every image the dump refers to.
 */
export async function backup(config: Config, directory: string): Promise<BackupManifest> {
  const databaseUrl = requireServer(config);
  const target = path.resolve(directory);
  await fs.mkdir(target, { recursive: true });
  if ((await fs.readdir(target)).length > 0)
    throw new Error(`${target} is not empty: back up into a new folder`);
  await run(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(target, 'database.dump')}`,
      databaseUrl,
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  // What the dump holds, read back from it (not from the live database, which has moved on).
  const { stdout: listing } = await run(
    'pg_restore',
    ['--list', path.join(target, 'database.dump')],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (!/TABLE DATA public events /.test(listing)) throw new Error('the dump has no event log');

  const runtime = await openRuntime({ ...config, projectionsMode: 'worker' });
  try {
    const services = await createServices(runtime);
    const blobs: BackupManifest['blobs'] = [];
    for (const prefix of BLOB_PREFIXES) {
      for (const { key } of await services.blobs.list(prefix)) {
        const blob = await services.blobs.get(key);
        if (!blob) continue; // deleted since it was listed (an upload that finished)
        const file = path.join(target, 'blobs', key);
        await fs.mkdir(path.dirname(file), { recursive: true });
        await fs.writeFile(file, blob.data);
        blobs.push({ key, contentType: blob.contentType });
      }
    }
    const counted = await countDumpedEvents(target);
    const manifest: BackupManifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      head: counted.head,
      events: counted.events,
      blobs,
    };
    await fs.writeFile(
      path.join(target, 'manifest.json'),
      `${JSON.stringify(manifest, null, 2)}\n`,
    );
    return manifest;
  } finally {
    await runtime.close();
  }
}

/** Reads the dump's event rows back (never the live database) to report what the backup holds. */
async function countDumpedEvents(target: string) {
  const { stdout } = await run(
    'pg_restore',
    ['--data-only', '--table=events', '--file=-', path.join(target, 'database.dump')],
    { maxBuffer: 1024 * 1024 * 1024 },
  );
  // COPY rows: global_position, transaction_id, ... one per line between COPY and \.
  const copy = stdout.split('\n');
  const start = copy.findIndex((line) => line.startsWith('COPY public.events'));
  let events = 0;
  let head: string | null = null;
  for (let i = start + 1; start >= 0 && i < copy.length && copy[i] !== '\\.'; i++) {
    const [position, transaction] = copy[i]!.split('\t');
    events++;
    const candidate = `${transaction}/${position}`;
    if (!head || compare(candidate, head) > 0) head = candidate;
  }
  return { events, head };
}

const compare = (a: string, b: string) => {
  const [ac, ap] = a.split('/').map(BigInt) as [bigint, bigint];
  const [bc, bp] = b.split('/').map(BigInt) as [bigint, bigint];
  return ac !== bc ? (ac < bc ? -1 : 1) : ap === bp ? 0 : ap < bp ? -1 : 1;
};

export interface RestoreResult {
  events: number;
  head: string | null;
  blobs: number;
  /** The ledger audit run against the restored database: a sound restore has no mismatch. */
  audit: Pick<
    LedgerAuditResult,
    'eventsRead' | 'accountsChecked' | 'subscriptionsChecked' | 'mismatches'
  >;
}

/**
 * Into a fresh, empty database: the dump, then the blobs, then every read model rebuilt from
 * the restored event log (blue/green, from the first event), never trusted from the dump.
 */
export async function restore(
  config: Config,
  directory: string,
  onProgress: (line: string) => void = () => undefined,
): Promise<RestoreResult> {
  const databaseUrl = requireServer(config);
  const source = path.resolve(directory);
  const manifest = JSON.parse(
    await fs.readFile(path.join(source, 'manifest.json'), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${String(manifest.format)}`);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_tables WHERE schemaname = 'public'`,
    );
    if (Number(rows[0]!.n) > 0)
      throw new Error('the target database is not empty: restore into a freshly created database');
  } finally {
    await client.end();
  }
  onProgress('restoring the database dump');
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${databaseUrl}`,
      path.join(source, 'database.dump'),
    ],
    { maxBuffer: 16 * 1024 * 1024 },
  );
  // pg_restore leaves the tables without planner statistics; the event store's group append is
  // planned from them (without, its checks scan the whole log), so they are gathered at once.
  onProgress('analysing the restored tables');
  const analyser = new pg.Client({ connectionString: databaseUrl });
  await analyser.connect();
  try {
    await analyser.query('ANALYZE');
  } finally {
    await analyser.end();
  }

  const runtime = await openRuntime({ ...config, projectionsMode: 'worker' });
  try {
    const services = await createServices(runtime);
    onProgress(`restoring ${manifest.blobs.length} blobs`);
    for (const { key, contentType } of manifest.blobs) {
      await services.blobs.put(
        key,
        await fs.readFile(path.join(source, 'blobs', key)),
        contentType,
      );
    }
    onProgress('rebuilding every read model from the event log');
    await runtime.projectionOperations.replayAll((progress) => {
      if (progress.phase !== 'filling')
        onProgress(`${progress.name} v${progress.version}: ${progress.phase}`);
    });
    const head = await runtime.storage.store.headPosition();
    // The drill: the rebuilt read models against the fold of the restored log.
    onProgress('auditing the restored ledger');
    const audit = await runLedgerAudit({
      pool: runtime.storage.database.pool,
      store: runtime.storage.store,
    });
    return {
      events: manifest.events,
      head: head ? formatPosition(head) : null,
      blobs: manifest.blobs.length,
      audit: {
        eventsRead: audit.eventsRead,
        accountsChecked: audit.accountsChecked,
        subscriptionsChecked: audit.subscriptionsChecked,
        mismatches: audit.mismatches,
      },
    };
  } finally {
    await runtime.close();
  }
}
