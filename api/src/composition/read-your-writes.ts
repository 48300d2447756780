import { creditStreamId, subscriptionStreamId, type Ledger } from '@app/ledger';
import type { ProjectionsGate } from './projections-gate';

/**
 * Waits until the read models show the newest event of a user's credit and subscription streams:
 * read-your-writes for actions whose events are appended elsewhere (the local checkout and portal
 * deliver webhook events; the webhook handler appends them).
 */
export async function waitForUserStreams(
  ledger: Ledger,
  projections: ProjectionsGate,
  userId: string,
): Promise<void> {
  const streams = [
    { id: creditStreamId(userId), handler: ledger.credits },
    { id: subscriptionStreamId(userId), handler: ledger.subscriptions },
  ];
  for (const stream of streams) {
    const { version } = await stream.handler.read(stream.id);
    if (version < 0) continue;
    const [last] = await ledger.store.readStream(stream.id, { fromVersion: version, maxCount: 1 });
    if (last) await projections.waitFor(last.position);
  }
}
