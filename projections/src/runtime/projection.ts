import type { RecordedEvent } from '@app/ledger';
import type pg from 'pg';

/** One table of a read model. `{table}` in the SQL stands for its versioned name. */
export interface TableDefinition {
  /** Base name; the API reads the view of this name. */
  readonly name: string;
  /** Column list and constraints, as inside `CREATE TABLE {table} ( … )`. */
  readonly columns: string;
  /** Secondary indexes, created after a rebuild has caught up (bulk loads go faster without). */
  readonly indexes?: readonly string[];
}

/** Resolves a base table name to the physical table of the version being written. */
export type TableNames = (baseName: string) => string;

/**
 * Announces which keys (user ids) a live batch changed, on a Postgres channel, at commit: caches of
 * the read model in other processes drop those keys. `*` on the channel means "drop everything"
 * (a blue/green swap pointed the views at another version).
 */
export interface ChangeNotice {
  readonly channel: string;
  keysOf(events: readonly RecordedEvent[]): readonly string[];
}

export interface Projection {
  readonly name: string;
  /** Bump on any change of tables or handlers: a blue/green rebuild then fills the new version. */
  readonly version: number;
  readonly tables: readonly TableDefinition[];
  readonly eventTypes: ReadonlySet<string>;
  /**
   * Applies a batch of events (only those of `eventTypes`, in commit order) inside the runner's
   * transaction. Set-based where it matters: a replay feeds it thousands of events at a time.
   */
  apply(client: pg.PoolClient, events: readonly RecordedEvent[], table: TableNames): Promise<void>;
  /**
   * Set-wise statements that fill an empty version inside Postgres from the `events` table, leaving
   * the rows `apply` would leave after the same events (a rebuild uses them when the log is in the
   * same database; the runner and later batches still use `apply`). Their parameters select the
   * events: see BULK_EVENTS_WHERE.
   */
  readonly bulkFill?: (table: TableNames) => readonly string[];
  /**
   * What the bulk fill costs next to the others, so a rebuild starts the costliest first (any unit;
   * today's are ms of backend CPU on the 1M-event bench log, by bench/replay-breakdown.ts).
   */
  readonly bulkFillCost?: number;
  /**
   * The joint fills that fill this projection (each the same object on every member): when a
   * rebuild builds all of a joint fill's members in one pass, it fills them with it instead of
   * their own (see JointBulkFill); when it builds all members of more than one, the one with the
   * most members.
   */
  readonly jointBulkFills?: readonly JointBulkFill[];
  /** Set when processes cache what this read model shows (see ChangeNotice). */
  readonly changeNotice?: ChangeNotice;
}

/**
 * Set-wise statements that fill the new versions of several projections at once, when one rebuild
 * builds them all: work their own fills would each do (scanning the log, extracting the same JSON,
 * joining the same rows) is done once for all their tables. Each projection keeps its own bulkFill
 * for a rebuild without the others, and the joint fill must leave exactly the rows those would.
 * Its statements run at once, each in a transaction of its own, so none reads what another writes;
 * the members' checkpoints move together once all have committed. Its members fold the same event
 * types (`$3` of BULK_EVENTS_WHERE).
 */
export interface JointBulkFill {
  /** The names of the projections it fills. */
  readonly projections: readonly string[];
  /** The statements; `tables(name)` resolves the tables of that projection's new version. */
  readonly statements: (tables: (projection: string) => TableNames) => readonly string[];
  /** Each statement's cost, in the unit of Projection.bulkFillCost. */
  readonly statementCosts?: readonly number[];
}

export const versionedTable = (baseName: string, version: number) => `${baseName}_v${version}`;

export const tableNamesFor =
  (version: number): TableNames =>
  (baseName) =>
    versionedTable(baseName, version);

export const createTablesSql = (projection: Projection, version: number) =>
  projection.tables.map(
    (table) =>
      `CREATE TABLE IF NOT EXISTS ${versionedTable(table.name, version)} (${table.columns})`,
  );

export const createIndexesSql = (projection: Projection, version: number) =>
  projection.tables.flatMap((table) =>
    (table.indexes ?? []).map((index) =>
      index.replaceAll('{table}', versionedTable(table.name, version)),
    ),
  );

/** The views the API reads, pointed at one version (DROP + CREATE: columns may have changed). */
export const swapViewsSql = (projection: Projection, version: number) => [
  ...projection.tables.flatMap((table) => [
    `DROP VIEW IF EXISTS ${table.name}`,
    `CREATE VIEW ${table.name} AS SELECT * FROM ${versionedTable(table.name, version)}`,
  ]),
  ...(projection.changeNotice
    ? [`SELECT pg_notify('${projection.changeNotice.channel}', '*')`]
    : []),
];

export const dropTablesSql = (projection: Projection, version: number) =>
  projection.tables.map((table) => `DROP TABLE IF EXISTS ${versionedTable(table.name, version)}`);
