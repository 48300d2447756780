import {
  comparePositions,
  formatPosition,
  inSpan,
  tracingEnabled,
  type GlobalPosition,
  type RecordedEvent,
} from '@app/ledger';
import type { BatchTarget } from './apply-batch';

/**
 * One span (a trace of its own) per batch a live projection applies: its name and version, how
 * many events it moved past and how many of its types it applied, and its lag, how long the
 * batch's oldest event had been in the log. Nothing when tracing is off.
 */
export function traceBatch(
  target: BatchTarget,
  batch: readonly RecordedEvent[],
  apply: () => Promise<GlobalPosition>,
): Promise<GlobalPosition> {
  if (!tracingEnabled()) return apply();
  const pending = batch.filter((event) => comparePositions(event.position, target.position) > 0);
  const oldest = pending[0];
  const lagSeconds = oldest
    ? Math.max(0, (Date.now() - Date.parse(oldest.metadata.occurredAt)) / 1000)
    : 0;
  return inSpan(
    'projection.batch',
    {
      'projection.name': target.projection.name,
      'projection.version': target.version,
      'projection.events': pending.length,
      'projection.events_applied': pending.filter((event) =>
        target.projection.eventTypes.has(event.type),
      ).length,
      'projection.lag_seconds': lagSeconds,
      'projection.from': formatPosition(target.position),
    },
    async (span) => {
      const position = await apply();
      span?.setAttribute('projection.to', formatPosition(position));
      return position;
    },
  );
}
