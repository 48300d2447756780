import {
  comparePositions,
  creditAccountEventTypes,
  formatPosition,
  START_POSITION,
  subscriptionEventTypes,
  withTransaction,
  type EventStore,
  type GlobalPosition,
} from '@app/ledger';
import type pg from 'pg';
import { loadLiveCheckpoint } from '../runtime/checkpoints';
import { GiftAuditFold } from './gift-audit';
import { PaidCreditsAuditFold, readPaidCredits } from './paid-credits-audit';
import {
  CreditAuditFold,
  parseCreditEvent,
  parseSubscriptionEvent,
  SubscriptionAuditFold,
  type AuditAccount,
  type AuditSubscription,
} from './ledger-audit.fold';
import type { AuditMismatch } from './audit-mismatch';

export { formatAuditMismatch, type AuditMismatch } from './audit-mismatch';

export interface LedgerAuditResult {
  startedAt: Date;
  finishedAt: Date;
  eventsRead: number;
  accountsChecked: number;
  subscriptionsChecked: number;
  /** Read-model positions the audit compared against (events after them are not yet projected). */
  creditsPosition: string;
  subscriptionsPosition: string;
  mismatches: AuditMismatch[];
}

export interface LedgerAuditDeps {
  pool: pg.Pool;
  store: EventStore;
  /** The instant "available" is computed at (default: now). */
  now?: Date;
  batchSize?: number;
}

interface BalanceRow {
  user_id: string;
  held: number;
  lifetime_granted: string;
  lifetime_purchased: string;
  lifetime_spent: string;
  lifetime_refunded: string;
  lifetime_expired: string;
  lifetime_revoked: string;
}
interface LotRow {
  user_id: string;
  lot_id: string;
  funding: string;
  remaining: number;
  expires_at: Date | null;
}
interface SubscriptionRow {
  user_id: string;
  status: string;
  plan_id: string | null;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

/** Read models and the positions they were built to, from one consistent snapshot. */
async function readModels(pool: pg.Pool) {
  return withTransaction(pool, async (client) => {
    await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const credits = await loadLiveCheckpoint(client, 'credit_balances');
    const subscriptions = await loadLiveCheckpoint(client, 'subscription_status');
    const balances = await client.query<BalanceRow>('SELECT * FROM credit_balances');
    const lots = await client.query<LotRow>('SELECT * FROM credit_lots');
    const subs = await client.query<SubscriptionRow>('SELECT * FROM subscription_status');
    const paid = await readPaidCredits(client);
    return {
      paid,
      creditsAt: credits?.position ?? START_POSITION,
      subscriptionsAt: subscriptions?.position ?? START_POSITION,
      balances: balances.rows,
      lots: lots.rows,
      subscriptions: subs.rows,
    };
  });
}

const show = (value: unknown) =>
  value === null || value === undefined
    ? 'null'
    : value instanceof Date
      ? value.toISOString()
      : String(value);

function available(lots: Iterable<{ remaining: number; expiresAt: number | null }>, now: number) {
  let total = 0;
  for (const lot of lots)
    if (lot.remaining > 0 && (lot.expiresAt === null || lot.expiresAt > now))
      total += lot.remaining;
  return total;
}

function compareAccounts(
  accounts: Map<string, AuditAccount>,
  balances: BalanceRow[],
  lotRows: LotRow[],
  now: number,
  report: (m: AuditMismatch) => void,
) {
  const balanceByUser = new Map(balances.map((row) => [row.user_id, row]));
  const lotsByUser = new Map<string, Map<string, LotRow>>();
  for (const row of lotRows) {
    let lots = lotsByUser.get(row.user_id);
    if (!lots) lotsByUser.set(row.user_id, (lots = new Map()));
    lots.set(row.lot_id, row);
  }
  const users = new Set([...accounts.keys(), ...balanceByUser.keys(), ...lotsByUser.keys()]);
  for (const userId of users) {
    const account = accounts.get(userId);
    const row = balanceByUser.get(userId);
    const lots = lotsByUser.get(userId) ?? new Map<string, LotRow>();
    const check = (field: string, expected: unknown, actual: unknown) => {
      if (show(expected) !== show(actual))
        report({ userId, field, expected: show(expected), actual: show(actual) });
    };
    if (!account) {
      report({ userId, field: 'account', expected: 'no events', actual: 'read-model rows' });
      continue;
    }
    if (!row) {
      report({ userId, field: 'account', expected: 'an account', actual: 'no balance row' });
    } else {
      check('held', account.held, row.held);
      check('lifetime_granted', account.granted, row.lifetime_granted);
      check('lifetime_purchased', account.purchased, row.lifetime_purchased);
      check('lifetime_spent', account.spent, row.lifetime_spent);
      check('lifetime_refunded', account.refunded, row.lifetime_refunded);
      check('lifetime_expired', account.expired, row.lifetime_expired);
      check('lifetime_revoked', account.revoked, row.lifetime_revoked);
    }
    if (account.held < 0) check('held (log)', '≥ 0', account.held);
    for (const [lotId, lot] of account.lots) {
      const stored = lots.get(lotId);
      if (!stored) {
        check(`lot ${lotId}`, `${lot.remaining} remaining`, 'missing');
        continue;
      }
      check(`lot ${lotId}.remaining`, lot.remaining, stored.remaining);
      check(`lot ${lotId}.funding`, lot.funding, stored.funding);
      check(
        `lot ${lotId}.expires_at`,
        lot.expiresAt === null ? null : new Date(lot.expiresAt),
        stored.expires_at,
      );
      if (lot.remaining < 0) check(`lot ${lotId}.remaining (log)`, '≥ 0', lot.remaining);
    }
    for (const lotId of lots.keys())
      if (!account.lots.has(lotId)) check(`lot ${lotId}`, 'missing', 'present');
    check(
      'available',
      available(account.lots.values(), now),
      available(
        [...lots.values()].map((l) => ({
          remaining: l.remaining,
          expiresAt: l.expires_at?.getTime() ?? null,
        })),
        now,
      ),
    );
  }
}

function compareSubscriptions(
  states: Map<string, AuditSubscription>,
  rows: SubscriptionRow[],
  report: (m: AuditMismatch) => void,
) {
  const byUser = new Map(rows.map((row) => [row.user_id, row]));
  for (const userId of new Set([...states.keys(), ...byUser.keys()])) {
    const state = states.get(userId);
    const row = byUser.get(userId);
    if (!state || !row) {
      report({
        userId,
        field: 'subscription',
        expected: state ? state.status : 'no events',
        actual: row ? row.status : 'no row',
      });
      continue;
    }
    const check = (field: string, expected: unknown, actual: unknown) => {
      if (show(expected) !== show(actual))
        report({
          userId,
          field: `subscription.${field}`,
          expected: show(expected),
          actual: show(actual),
        });
    };
    check('status', state.status, row.status);
    check('plan_id', state.planId, row.plan_id);
    check('customer_id', state.customerId, row.customer_id);
    check('subscription_id', state.subscriptionId, row.subscription_id);
    check(
      'current_period_end',
      state.currentPeriodEnd && new Date(state.currentPeriodEnd),
      row.current_period_end,
    );
    check('cancel_at_period_end', state.cancelAtPeriodEnd, row.cancel_at_period_end);
  }
}

const creditTypes = new Set<string>(creditAccountEventTypes);
const subscriptionTypes = new Set<string>(subscriptionEventTypes);

/**
 * Recomputes every credit account (held, lifetime totals, lots, available) and every subscription
 * from the event log alone and compares them with the read models, as of the positions the read
 * models were built to (so a projection that is merely behind is not a mismatch). Returns every
 * difference; an empty list means the read models are exactly the fold of the log.
 */
export async function runLedgerAudit(deps: LedgerAuditDeps): Promise<LedgerAuditResult> {
  const startedAt = new Date();
  const now = (deps.now ?? startedAt).getTime();
  const models = await readModels(deps.pool);
  const credits = new CreditAuditFold();
  const subscriptions = new SubscriptionAuditFold();
  const gifts = new GiftAuditFold();
  const paid = new PaidCreditsAuditFold();
  const paidAt = models.paid.position;
  const mismatches: AuditMismatch[] = [];
  const report = (mismatch: AuditMismatch) => mismatches.push(mismatch);
  const until = [models.subscriptionsAt, ...(paidAt ? [paidAt] : [])].reduce(
    (latest, position) => (comparePositions(position, latest) > 0 ? position : latest),
    models.creditsAt,
  );
  const batchSize = deps.batchSize ?? 2_000;
  let after: GlobalPosition = START_POSITION;
  let eventsRead = 0;
  readLog: for (;;) {
    const batch = await deps.store.readAll(after, batchSize);
    for (const recorded of batch) {
      if (comparePositions(recorded.position, until) > 0) break readLog;
      eventsRead++;
      const logProblem = (detail: string) =>
        report({
          userId: (recorded.data as { userId?: string })?.userId ?? recorded.streamId,
          field: 'log',
          expected: 'a valid event',
          actual: `${recorded.type} ${recorded.eventId}: ${detail}`,
        });
      gifts.apply(recorded);
      if (paidAt && comparePositions(recorded.position, paidAt) <= 0) paid.apply(recorded);
      if (creditTypes.has(recorded.type)) {
        if (comparePositions(recorded.position, models.creditsAt) > 0) continue;
        const parsed = parseCreditEvent(recorded);
        if (parsed.success) credits.apply(parsed.data);
        else logProblem(parsed.error.issues[0]?.message ?? 'does not parse');
      } else if (subscriptionTypes.has(recorded.type)) {
        if (comparePositions(recorded.position, models.subscriptionsAt) > 0) continue;
        const parsed = parseSubscriptionEvent(recorded);
        if (parsed.success) subscriptions.apply(parsed.data, recorded);
        else logProblem(parsed.error.issues[0]?.message ?? 'does not parse');
      }
    }
    const last = batch[batch.length - 1];
    if (!last) break;
    after = last.position;
  }
  for (const problem of credits.problems)
    report({
      userId: problem.userId,
      field: 'log',
      expected: 'consistent',
      actual: problem.detail,
    });
  for (const mismatch of gifts.mismatches) report(mismatch);
  if (paidAt) paid.compare(models.paid, report);
  compareAccounts(credits.accounts, models.balances, models.lots, now, report);
  compareSubscriptions(subscriptions.states, models.subscriptions, report);
  return {
    startedAt,
    finishedAt: new Date(),
    eventsRead,
    accountsChecked: credits.accounts.size,
    subscriptionsChecked: subscriptions.states.size,
    creditsPosition: formatPosition(models.creditsAt),
    subscriptionsPosition: formatPosition(models.subscriptionsAt),
    mismatches,
  };
}
