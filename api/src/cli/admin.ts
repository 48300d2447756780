import path from 'node:path';
import { formatAuditMismatch, readLiveRuntime, type LedgerAuditResult } from '@app/projections';
import { loadConfig } from '../config';
import { openRuntime } from '../composition/runtime';
import { createServices } from '../composition/services';
import { OperatorService } from '../operator/operator-service';
import { backup, restore } from '../operator/backup';

const usage = `usage: npm run admin -- <command>
  set-role <email> <support|finance|admin|none>   grant a staff role (none removes every role)
  advance-subscription <email>                      local payments: renew now (or end a canceled plan)
  audit                                             recompute every account from the event log and
                                                    compare with the read models (exit 1 on a mismatch)
  backup <dir>                                      Postgres deployment: consistent database dump + blobs into a new folder
  restore <dir>                                     into a fresh empty database: dump, blobs, every read model rebuilt from
                                                    the log, then the ledger audit (exit 1 on a mismatch)`;

/** Prints an audit's result; a mismatch makes the process exit non-zero. */
function printAudit(result: LedgerAuditResult) {
  for (const mismatch of result.mismatches) console.log(formatAuditMismatch(mismatch));
  console.log(
    `audit: ${result.eventsRead} events, ${result.accountsChecked} accounts, ` +
      `${result.subscriptionsChecked} subscriptions checked (read models at ` +
      `${result.creditsPosition} and ${result.subscriptionsPosition}): ` +
      `${result.mismatches.length} mismatch${result.mismatches.length === 1 ? '' : 'es'}`,
  );
  if (result.mismatches.length > 0) process.exitCode = 1;
}

async function main([command, ...args]: string[]) {
  if (!command || command === 'help' || command === '--help') return console.log(usage);
  if (command === 'backup' || command === 'restore') {
    const [directory] = args;
    if (!directory) throw new Error(usage);
    const config = loadConfig();
    if (command === 'backup') {
      const manifest = await backup(config, directory);
      return console.log(
        JSON.stringify({
          directory,
          events: manifest.events,
          head: manifest.head,
          blobs: manifest.blobs.length,
        }),
      );
    }
    const restored = await restore(config, directory, (line) => console.error(line));
    const { audit, ...summary } = restored;
    for (const mismatch of audit.mismatches) console.error(formatAuditMismatch(mismatch));
    console.log(
      JSON.stringify({
        directory,
        ...summary,
        audit: {
          eventsRead: audit.eventsRead,
          accountsChecked: audit.accountsChecked,
          subscriptionsChecked: audit.subscriptionsChecked,
          mismatches: audit.mismatches.length,
        },
      }),
    );
    // The drill's verdict: a restore whose ledger does not audit clean is not one to serve from.
    if (audit.mismatches.length > 0) process.exitCode = 1;
    return;
  }
  const [email, role] = args;
  if (command !== 'audit' && (!email || (command === 'set-role' && !role))) throw new Error(usage);
  const config = loadConfig();
  // Embedded mode: the running API owns the PGlite folder, so ask it.
  const running = config.databaseUrl ? null : await readLiveRuntime(path.resolve(config.dataDir));
  if (running) {
    const response = await fetch(
      `http://127.0.0.1:${running.port}/internal/operator/admin/${command}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${running.operatorToken}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email, role }),
      },
    );
    const body = await response.json();
    if (!response.ok) throw new Error(body.message ?? `failed with ${response.status}`);
    if (command === 'audit') return printAudit(body as LedgerAuditResult);
    return console.log(JSON.stringify(body));
  }
  const runtime = await openRuntime({ ...config, projectionsMode: 'in-process' });
  try {
    const operator = new OperatorService(await createServices(runtime));
    if (command === 'audit') return printAudit((await operator.audit('cli')).result);
    const result =
      command === 'set-role'
        ? await operator.setRole(email!, role!)
        : command === 'advance-subscription'
          ? await operator.advanceSubscription(email!)
          : null;
    if (!result) throw new Error(`unknown command ${command}\n${usage}`);
    await runtime.runner?.runUntilCaughtUp();
    console.log(JSON.stringify(result));
  } finally {
    await runtime.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
