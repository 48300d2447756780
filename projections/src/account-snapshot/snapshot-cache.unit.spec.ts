import { describe, expect, it } from 'vitest';
import type { AccountSnapshot } from './queries';
import { AccountSnapshotCache } from './snapshot-cache';

/** As if its LISTEN connection were up (the listener itself is tested against Postgres). */
class HearingCache extends AccountSnapshotCache {
  override get enabled() {
    return true;
  }
}

const snapshot = (available: number, nextExpiry: Date | null = null): AccountSnapshot => ({
  available,
  held: 0,
  nextExpiry,
  subscription: null,
});

function counting(answer: () => AccountSnapshot | Promise<AccountSnapshot>) {
  const reads = { count: 0 };
  const cache = new HearingCache(async () => {
    reads.count++;
    return answer();
  });
  return { cache, reads };
}

describe('AccountSnapshotCache', () => {
  it('answers a second read from memory and reads again once the user is forgotten', async () => {
    let balance = 10;
    const { cache, reads } = counting(() => snapshot(balance));
    expect((await cache.snapshotOf('u1')).available).toBe(10);
    balance = 15;
    expect((await cache.snapshotOf('u1')).available).toBe(10);
    expect(reads.count).toBe(1);
    cache.forgetUsers(['u1']);
    expect((await cache.snapshotOf('u1')).available).toBe(15);
    expect(reads.count).toBe(2);
  });

  it('does not keep a read that was in flight when its user was forgotten', async () => {
    let release: (value: AccountSnapshot) => void = () => undefined;
    const { cache, reads } = counting(
      () => new Promise<AccountSnapshot>((resolve) => (release = resolve)),
    );
    const inFlight = cache.snapshotOf('u1');
    await Promise.resolve();
    cache.forgetUsers(['u1']); // a batch committed while the read was on the wire
    release(snapshot(10));
    await inFlight;
    const next = cache.snapshotOf('u1');
    await Promise.resolve();
    release(snapshot(20));
    expect((await next).available).toBe(20);
    expect(reads.count).toBe(2);
  });

  it('reads again when the soonest lot has expired', async () => {
    const { cache, reads } = counting(() => snapshot(10, new Date(Date.now() + 30)));
    await cache.snapshotOf('u1');
    await cache.snapshotOf('u1');
    expect(reads.count).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await cache.snapshotOf('u1');
    expect(reads.count).toBe(2);
  });

  it('distrusts every entry read before a polled wait ended, and a clear drops all', async () => {
    const { cache, reads } = counting(() => snapshot(10));
    await cache.snapshotOf('u1');
    await cache.snapshotOf('u2');
    cache.distrustEarlierReads();
    await cache.snapshotOf('u1');
    expect(reads.count).toBe(3);
    await cache.snapshotOf('u1');
    expect(reads.count).toBe(3);
    cache.clear();
    await cache.snapshotOf('u1');
    expect(reads.count).toBe(4);
  });
});
