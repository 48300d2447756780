import fs from 'node:fs/promises';

/** CPU time (user + system) a process has used so far, in ms, from /proc (10 ms ticks). */
export async function cpuMsOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The processes this one started (a decode pool's, say), from /proc. */
export async function childPids(): Promise<number[]> {
  const tasks = await fs.readdir(`/proc/${process.pid}/task`);
  const lists = await Promise.all(
    tasks.map((task) =>
      fs.readFile(`/proc/${process.pid}/task/${task}/children`, 'utf8').catch(() => ''),
    ),
  );
  return lists.flatMap((list) => list.trim().split(/\s+/).filter(Boolean).map(Number));
}

/** CPU time this process has used so far, in ms. */
export const selfCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
