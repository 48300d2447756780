/** Options of `bench/ledger.ts`, from argv (`--events=…`, `--quick`) or env (`BENCH_EVENTS`, `BENCH_QUICK`). */
export interface BenchOptions {
  readonly quick: boolean;
  readonly databaseUrl: string;
  /** Size of the replay log (measurement 3). */
  readonly events: number;
  /** Alternated rounds of the replay and its baseline on the full log (medians are reported). */
  readonly replayRounds: number;
  /** Users the replay log is spread over. */
  readonly users: number;
  /** Measured duration of each append run (split ABBA between store and baseline). */
  readonly appendSeconds: number;
  readonly warmupSeconds: number;
  /** Measured duration of each command run. */
  readonly commandSeconds: number;
  readonly writers: number;
  readonly inFlight: number;
  readonly newAccounts: number;
  readonly historyAccounts: number;
  readonly historyEvents: number;
  /** Keep the database at the end (for poking at it); default drops it. */
  readonly keepDatabase: boolean;
  /** Measurements to run (`--only=appends,commands,replay,emmett`); default all. */
  readonly only: ReadonlySet<Section>;
}

export const SECTIONS = ['appends', 'commands', 'replay', 'emmett'] as const;
export type Section = (typeof SECTIONS)[number];

function sections(text: string | undefined): ReadonlySet<Section> {
  if (!text) return new Set(SECTIONS);
  const names = text.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!(SECTIONS as readonly string[]).includes(name))
      throw new Error(`--only: unknown ${name}; known: ${SECTIONS.join(', ')}`);
  }
  return new Set(names as Section[]);
}

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function argValue(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
    if (arg === `--${name}` && argv[i + 1] !== undefined && !argv[i + 1]!.startsWith('--'))
      return argv[i + 1];
  }
  return undefined;
}

const flag = (argv: readonly string[], name: string, env: string | undefined) =>
  argv.includes(`--${name}`) || env === '1' || env === 'true';

function positiveInt(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${what} must be a positive integer, got ${text}`);
  return value;
}

export function parseOptions(
  argv: readonly string[] = process.argv.slice(2),
  env = process.env,
): BenchOptions {
  const quick = flag(argv, 'quick', env.BENCH_QUICK);
  const events =
    positiveInt(argValue(argv, 'events') ?? env.BENCH_EVENTS, '--events') ??
    (quick ? 50_000 : 1_000_000);
  const seconds = positiveInt(argValue(argv, 'seconds') ?? env.BENCH_SECONDS, '--seconds');
  return {
    quick,
    databaseUrl: env.DATABASE_URL || DEFAULT_URL,
    events,
    replayRounds:
      positiveInt(argValue(argv, 'replay-rounds') ?? env.BENCH_REPLAY_ROUNDS, '--replay-rounds') ??
      (quick ? 1 : 3),
    users:
      positiveInt(argValue(argv, 'users') ?? env.BENCH_USERS, '--users') ??
      (quick ? 2_000 : 20_000),
    appendSeconds: seconds ?? (quick ? 3 : 10),
    warmupSeconds: quick ? 0.5 : 2,
    commandSeconds: seconds ?? (quick ? 3 : 10),
    writers: positiveInt(argValue(argv, 'writers') ?? env.BENCH_WRITERS, '--writers') ?? 8,
    inFlight: 32,
    newAccounts: 1_000,
    historyAccounts: 100,
    historyEvents:
      positiveInt(argValue(argv, 'history') ?? env.BENCH_HISTORY, '--history') ??
      (quick ? 2_000 : 10_000),
    keepDatabase: flag(argv, 'keep-db', env.BENCH_KEEP_DB),
    only: sections(argValue(argv, 'only') ?? env.BENCH_ONLY),
  };
}
