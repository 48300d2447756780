import fc from 'fast-check';
import { runLedgerAudit } from '@app/projections';
import { auditCli } from '../audit-cli';
import { signedInUser } from '../accounts';
import { ScriptedProvider } from '../scripted-provider';
import { startTestApp, type TestApp } from '../test-app';
import {
  ledgerCommands,
  Register,
  type LedgerModel,
  type LedgerWorld,
} from './ledger-model-commands';

export interface LedgerModelOptions {
  seed: number;
  numRuns: number;
  maxCommands: number;
}

const WEBHOOK_SECRET = 'whsec_ledger_model';
const OPERATOR_TOKEN = 'operator-token-ledger-model';

/**
 * The ledger audit at the end of every run: every account and subscription recomputed from the
 * event log alone and compared with the read models (the audit `npm run admin -- audit` runs).
 */
export async function auditLedger(app: TestApp, world: LedgerWorld): Promise<void> {
  for (const account of world.accounts) await app.settleUser(account.userId);
  await app.settle();
  const audit = await runLedgerAudit({ pool: app.database.pool, store: app.runtime.storage.store });
  if (audit.mismatches.length > 0)
    throw new Error(`the ledger audit found mismatches: ${JSON.stringify(audit.mismatches)}`);
}

/** The audit command itself, as an operator runs it, over the test's database (server only). */
async function auditCommand(app: TestApp) {
  const server = process.env.DATABASE_URL;
  if (!server) return null;
  const url = new URL(server);
  url.pathname = `/${app.database.name}`;
  return auditCli({ DATABASE_URL: url.toString() });
}

/** Starts the API on a fresh database and runs random command sequences against it. */
export async function runLedgerModel(options: LedgerModelOptions) {
  const provider = new ScriptedProvider();
  const app = await startTestApp(
    {
      PAYMENTS: 'local',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OPERATOR_TOKEN,
      GENERATION_TIMEOUT_SECONDS: '3',
      LOGIN_FAILURES_PER_ACCOUNT: '1000',
      LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: '1000',
    },
    undefined,
    { provider },
  );
  try {
    const staff = await signedInUser(app);
    await app.services.accounts.users.setRoles(staff.userId, ['support']);
    const executed: string[] = [];
    await fc.assert(
      fc.asyncProperty(ledgerCommands(options.maxCommands), async (commands) => {
        const world: LedgerWorld = {
          app,
          provider,
          staff: staff.client,
          webhookSecret: WEBHOOK_SECRET,
          operatorToken: OPERATOR_TOKEN,
          accounts: [],
          executed,
        };
        const model: LedgerModel = { accounts: [] };
        // Every run starts with two accounts; a third may register along the way.
        await new Register().run(model, world);
        await new Register().run(model, world);
        await fc.asyncModelRun(() => ({ model, real: world }), commands);
        await auditLedger(app, world);
      }),
      { seed: options.seed, numRuns: options.numRuns, endOnFailure: true, verbose: 1 },
    );
    const kinds = new Map<string, number>();
    for (const command of executed) {
      const kind = command.replace(/\(.*$/, '');
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    return {
      commands: executed.length,
      kinds: Object.fromEntries(kinds),
      auditCommand: await auditCommand(app),
    };
  } finally {
    provider.open('fail');
    await app.close();
  }
}
