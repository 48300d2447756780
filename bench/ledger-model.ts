// Runs the model-based ledger test longer than CI does, with random seeds, and prints the seed of
// any failure so it can be replayed: LEDGER_MODEL_SEED=<seed> npx vitest run api/src/credits/ledger-model.int.spec.ts
//
//   npx tsx bench/ledger-model.ts [rounds=5] [runs per round=10] [commands per run=40]
//
// Needs the Postgres server in DATABASE_URL (default the local one), like the integration tests.
import { spawnSync } from 'node:child_process';

const [rounds = 5, runs = 10, commands = 40] = process.argv.slice(2).map(Number);
const failures: number[] = [];
for (let round = 1; round <= rounds; round++) {
  const seed = Math.floor(Math.random() * 2 ** 31);
  console.log(`round ${round}/${rounds}: seed ${seed}, ${runs} runs of up to ${commands} commands`);
  const result = spawnSync('npx', ['vitest', 'run', 'api/src/credits/ledger-model.int.spec.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      SKIP_WEB_BUILD: '1',
      LEDGER_MODEL_SEED: String(seed),
      LEDGER_MODEL_RUNS: String(runs),
      LEDGER_MODEL_COMMANDS: String(commands),
    },
  });
  if (result.status !== 0) {
    failures.push(seed);
    console.log(`FAILED with seed ${seed}`);
  }
}
if (failures.length > 0) {
  console.log(`failing seeds: ${failures.join(', ')}`);
  console.log(
    'replay: LEDGER_MODEL_SEED=<seed> npx vitest run api/src/credits/ledger-model.int.spec.ts',
  );
  process.exitCode = 1;
} else {
  console.log(`all ${rounds} rounds passed`);
}
