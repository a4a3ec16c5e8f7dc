/**
 * CPU time as the kernel counts it (user + system), read from /proc: of the service's own
 * processes, and of every PostgreSQL process of the machine (its backends do the database's share
 * of the work, and are counted with the deployment that uses them).
 */
import { readFileSync, readdirSync } from 'node:fs';

/** Clock ticks per second of /proc's counters (`getconf CLK_TCK`), 100 on Linux. */
const TICKS_PER_SECOND = 100;

const fieldsOf = (pid: number): { comm: string; ticks: number } | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    // After the command: state is field 3, utime field 14, stime field 15.
    const rest = stat.slice(close + 2).split(' ');
    return { comm, ticks: Number(rest[11]) + Number(rest[12]) };
  } catch {
    return undefined;
  }
};

/** CPU seconds the process `pid` has used so far (0 once it is gone). */
export const cpuSecondsOf = (pid: number): number => (fieldsOf(pid)?.ticks ?? 0) / TICKS_PER_SECOND;

/** CPU seconds of each of the machine's PostgreSQL processes alive now, by pid. */
export const postgresCpuSeconds = (): Map<number, number> => {
  const used = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const fields = fieldsOf(Number(entry));
    if (fields?.comm === 'postgres') used.set(Number(entry), fields.ticks / TICKS_PER_SECOND);
  }
  return used;
};

/**
 * CPU seconds PostgreSQL used between two readings: a backend that ended meanwhile is left out
 * (its last seconds are lost with it), one that began is counted from its start.
 */
export const postgresCpuBetween = (
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): number => {
  let seconds = 0;
  for (const [pid, used] of after) seconds += used - (before.get(pid) ?? 0);
  return seconds;
};
