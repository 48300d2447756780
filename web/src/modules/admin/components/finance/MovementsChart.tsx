import { useId } from 'react';

import { formatCount, formatUtcDay, formatUtcMonth } from '../../utils/admin-format';
import { niceCeiling } from '../../utils/finance-range';
import type { Granularity } from '../../utils/finance-range';
import styles from '../admin.module.css';

import chart from './MovementsChart.module.css';

export type ChartRow = {
  period: string;
  granted: number;
  purchased: number;
  spent: number;
  expired: number;
};

type Series = { key: 'granted' | 'purchased' | 'spent' | 'expired'; label: string; up: boolean };

/** Credits coming in stack above the line, credits going out below it. */
const SERIES: readonly Series[] = [
  { key: 'granted', label: 'Granted (free)', up: true },
  { key: 'purchased', label: 'Purchased', up: true },
  { key: 'spent', label: 'Spent', up: false },
  { key: 'expired', label: 'Expired', up: false },
];

const WIDTH = 800;
const HEIGHT = 280;
const PAD = { top: 16, right: 12, bottom: 28, left: 52 };

type MovementsChartProps = { rows: readonly ChartRow[]; granularity: Granularity };

/**
 * Hand-written SVG bars: per period, granted and purchased stacked up from zero, spent and
 * expired stacked down. Titled and described for screen readers, with an HTML legend and the
 * same numbers as a table.
 */
export const MovementsChart = ({ rows, granularity }: MovementsChartProps) => {
  const id = useId();
  const periodName = granularity === 'MONTH' ? 'Monthly' : 'Daily';
  const label = (period: string) =>
    granularity === 'MONTH' ? formatUtcMonth(period) : formatUtcDay(period);
  const up = rows.map((row) => row.granted + row.purchased);
  const down = rows.map((row) => row.spent + row.expired);
  const max = niceCeiling(Math.max(0, ...up, ...down));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const zero = PAD.top + plotHeight / 2;
  const scale = plotHeight / 2 / max;
  const slot = rows.length > 0 ? plotWidth / rows.length : plotWidth;
  const barWidth = Math.max(1, Math.min(28, slot * 0.7));
  const labelEvery = Math.max(1, Math.ceil(rows.length / 8));
  const totals = SERIES.map((series) => ({
    ...series,
    total: rows.reduce((sum, row) => sum + row[series.key], 0),
  }));
  const summary = totals.map((t) => `${t.label}: ${formatCount(t.total)}`).join('; ');
  const ticks = [max, max / 2, 0, -max / 2, -max];

  return (
    <figure className={chart.figure}>
      <figcaption className={chart.caption}>
        <span className={chart.title}>{periodName} credit movements</span>
        <ul className={chart.legend} aria-label="Legend">
          {SERIES.map((series) => (
            <li key={series.key}>
              <span className={`${chart.swatch} ${chart[series.key]}`} aria-hidden="true" />
              {series.label} {series.up ? '(in, above the line)' : '(out, below the line)'}
            </li>
          ))}
        </ul>
      </figcaption>
      <div
        className={chart.scroll}
        tabIndex={0}
        role="region"
        aria-label="Chart, scrolls sideways on small screens"
      >
        <svg
          className={chart.svg}
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          <title
            id={`${id}-title`}
          >{`${periodName} credit movements, ${rows.length} periods`}</title>
          <desc id={`${id}-desc`}>{`Totals for the range. ${summary}.`}</desc>
          {ticks.map((tick) => {
            const y = zero - tick * scale;
            return (
              <g key={tick} className={chart.grid}>
                <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
                <text x={PAD.left - 8} y={y} dy="0.32em" textAnchor="end">
                  {formatCount(Math.abs(tick))}
                </text>
              </g>
            );
          })}
          {rows.map((row, index) => {
            const x = PAD.left + index * slot + (slot - barWidth) / 2;
            let above = zero;
            let below = zero;
            return (
              <g key={row.period}>
                <title>
                  {`${label(row.period)}: granted ${row.granted}, purchased ${row.purchased}, spent ${row.spent}, expired ${row.expired}`}
                </title>
                {SERIES.map((series) => {
                  const height = row[series.key] * scale;
                  if (height <= 0) return null;
                  const y = series.up ? above - height : below;
                  if (series.up) above -= height;
                  else below += height;
                  return (
                    <rect
                      key={series.key}
                      className={chart[series.key]}
                      x={x}
                      y={y}
                      width={barWidth}
                      height={height}
                    />
                  );
                })}
                {index % labelEvery === 0 && (
                  <text
                    className={chart.axisLabel}
                    x={x + barWidth / 2}
                    y={HEIGHT - 8}
                    textAnchor="middle"
                  >
                    {granularity === 'MONTH' ? label(row.period) : label(row.period).slice(5)}
                  </text>
                )}
              </g>
            );
          })}
          <line className={chart.zero} x1={PAD.left} x2={WIDTH - PAD.right} y1={zero} y2={zero} />
          <text className={chart.direction} x={PAD.left + 6} y={PAD.top + 12}>
            ↑ credits in
          </text>
          <text className={chart.direction} x={PAD.left + 6} y={HEIGHT - PAD.bottom - 6}>
            ↓ credits out
          </text>
        </svg>
      </div>
      <details className={chart.details}>
        <summary>Show the chart&apos;s numbers as a table</summary>
        <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Chart data">
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Period</th>
                {SERIES.map((series) => (
                  <th key={series.key} scope="col" className={styles.num}>
                    {series.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.period}>
                  <th scope="row" className={styles.nowrap}>
                    {label(row.period)}
                  </th>
                  {SERIES.map((series) => (
                    <td key={series.key} className={styles.num}>
                      {formatCount(row[series.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
};
