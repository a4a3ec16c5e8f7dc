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

/** CPU seconds the machine's PostgreSQL processes have used so far (those alive now). */
export const postgresCpuSeconds = (): number => {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const fields = fieldsOf(Number(entry));
    if (fields?.comm === 'postgres') ticks += fields.ticks;
  }
  return ticks / TICKS_PER_SECOND;
};
