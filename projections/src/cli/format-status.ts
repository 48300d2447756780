import { formatPosition } from '@app/ledger';
import type { ProjectionStatus } from '../runtime/status';

/** Status as a fixed-width table for terminals. */
export function formatStatusTable(statuses: readonly ProjectionStatus[]): string {
  const header = [
    'projection',
    'version',
    'schema',
    'status',
    'checkpoint',
    'head',
    'behind',
    'lag (s)',
    'error',
  ];
  const rows = statuses.map((s) => [
    s.name,
    `v${s.version}`,
    `${s.schemaVersion}${s.current ? '' : ' (old code)'}`,
    s.status === 'building' && s.buildTarget
      ? `building ${Math.round((100 * s.eventsApplied) / Math.max(1, s.buildTarget))}%`
      : s.status,
    formatPosition(s.checkpoint),
    s.head ? formatPosition(s.head) : '-',
    String(s.eventsBehind),
    s.secondsBehind.toFixed(1),
    s.lastError ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
