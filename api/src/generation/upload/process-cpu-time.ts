import fs from 'node:fs';

/** Linux reports a process's CPU time in clock ticks of 1/100 s (USER_HZ) on every architecture we run on. */
const MS_PER_TICK = 10;

/**
 * The CPU time a process has used so far (user and system, every thread), in milliseconds; null
 * where it cannot be read (no /proc, the process is gone).
 */
export function processCpuTimeMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
  } catch {
    return null;
  }
}
