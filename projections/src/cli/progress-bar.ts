import type { RebuildProgress } from '../runtime/rebuild';

/** One line on stderr, redrawn in place: `credit_history v3 filling [#####-----] 52% 520000/1000000`. */
export function renderProgress(
  progress: RebuildProgress,
  stream: NodeJS.WriteStream = process.stderr,
) {
  const width = 30;
  const ratio =
    progress.target > 0
      ? Math.min(1, progress.applied / progress.target)
      : progress.phase === 'done'
        ? 1
        : 0;
  const filled = Math.round(ratio * width);
  const bar = `${'#'.repeat(filled)}${'-'.repeat(width - filled)}`;
  const line = `${progress.name} v${progress.version} ${progress.phase.padEnd(8)} [${bar}] ${Math.round(
    ratio * 100,
  )
    .toString()
    .padStart(3)}% ${progress.applied}/${progress.target}`;
  stream.write(stream.isTTY ? `\r${line}` : `${line}\n`);
  if (progress.phase === 'done' && stream.isTTY) stream.write('\n');
}
