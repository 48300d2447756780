import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../testing/test-app';
import { GiftRepository } from './gift-repository';

// The reconciler's page of unsettled gifts rotates: gifts nobody redeems stay unsettled, and a
// page by age alone would show the same oldest ones on every run, never reaching a newer gift
// whose redemption a crash interrupted.

describe("the gift reconciler's page of unsettled gifts", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('reaches every unsettled gift in turn, oldest-checked first; settled gifts never', async () => {
    const pool = app.database.pool;
    await pool.query('UPDATE gifts SET settled_at = now() WHERE settled_at IS NULL');
    const ids = Array.from({ length: 5 }, () => `rotation-${randomUUID()}`);
    for (const [i, id] of ids.entries())
      await pool.query(
        `INSERT INTO gifts (gift_id, buyer_id, pack_id, credits, payment_ref, amount_paid_cents,
           currency, paid_at, code_hash, code_sealed, created_at, settled_at)
         VALUES ($1, $2, 'pack-100', 100, $1, 900, 'usd', now(), $1, 'sealed',
           now() - make_interval(mins => $3), $4)`,
        [id, randomUUID(), 60 - i, i === 2 ? new Date() : null],
      );
    const repository = new GiftRepository(pool);
    const pages: string[][] = [];
    for (let run = 0; run < 3; run++)
      pages.push((await repository.takeUnsettledPage(2)).map((gift) => gift.giftId).sort());
    const unsettled = ids.filter((_, i) => i !== 2);
    expect(pages[0]).toEqual([unsettled[0], unsettled[1]].sort());
    expect(pages[1]).toEqual([unsettled[2], unsettled[3]].sort());
    expect(pages[2]).toEqual([unsettled[0], unsettled[1]].sort());
  });
});
