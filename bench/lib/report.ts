/** One line of the final summary: a figure, the baseline it is compared with, and the target. */
export interface Figure {
  readonly measurement: string;
  readonly figure: string;
  readonly value: string;
  readonly baseline?: string;
  readonly ratio?: string;
  readonly target?: string;
  /** null: informational, no target. */
  readonly pass: boolean | null;
}

export const figures: Figure[] = [];

export function record(figure: Figure): Figure {
  figures.push(figure);
  return figure;
}

export const fmt = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', {
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      })
    : String(value);

export const fmtRate = (perSecond: number, unit = '/s') =>
  `${fmt(perSecond, perSecond < 100 ? 1 : 0)}${unit}`;
export const fmtMs = (ms: number) =>
  ms >= 10_000 ? `${fmt(ms / 1000, 1)} s` : `${fmt(ms, ms < 10 ? 2 : 0)} ms`;
export const fmtMb = (bytes: number) => `${fmt(bytes / 2 ** 20, 0)} MB`;
export const fmtRatio = (ratio: number) => fmt(ratio, 2);
export const verdict = (pass: boolean | null) => (pass === null ? 'info' : pass ? 'PASS' : 'FAIL');

export function heading(title: string) {
  console.log(`\n${'='.repeat(100)}\n${title}\n${'='.repeat(100)}`);
}

export function note(text: string) {
  console.log(`  ${text}`);
}

/** Prints a block for one figure with its baseline, ratio and target, and records it for the summary. */
export function block(lines: readonly [string, string][], figure?: Figure) {
  const width = Math.max(...lines.map(([label]) => label.length));
  for (const [label, value] of lines) console.log(`  ${label.padEnd(width)}  ${value}`);
  if (figure) {
    record(figure);
    if (figure.target)
      console.log(`  ${'target'.padEnd(width)}  ${figure.target}  →  ${verdict(figure.pass)}`);
  }
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ');
  console.log(line(headers));
  console.log(widths.map((width) => '-'.repeat(width)).join('-+-'));
  for (const row of rows) console.log(line(row));
}

export function summaryTable() {
  table(
    ['measurement', 'figure', 'value', 'baseline', 'ratio', 'target', 'result'],
    figures.map((f) => [
      f.measurement,
      f.figure,
      f.value,
      f.baseline ?? '',
      f.ratio ?? '',
      f.target ?? '',
      verdict(f.pass),
    ]),
  );
}
