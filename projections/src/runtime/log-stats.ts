import type { EventStore, GlobalPosition } from '@app/ledger';

/** Seconds between the oldest event not yet applied after `position` and now; 0 when caught up. */
export async function secondsBehind(store: EventStore, position: GlobalPosition, now = new Date()) {
  const [next] = await store.readAll(position, 1);
  if (!next) return 0;
  return Math.max(0, (now.getTime() - Date.parse(next.metadata.occurredAt)) / 1000);
}
