/** The memory of the server under test, read from outside it: RSS from /proc, heap from /metrics. */
import { readFileSync } from 'node:fs';
import { request } from 'undici';

export type MemorySample = { atS: number; rssMb: number; heapMb: number };

const MB = 2 ** 20;

/** VmRSS (now) and VmHWM (the peak since the process started) of a process, in MB. */
export const processMemory = (pid: number): { rssMb: number; peakMb: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
};

/** The V8 heap in use, as the server's own Prometheus metrics report it. */
export const heapUsedMb = async (url: string): Promise<number> => {
  const res = await request(`${url}/metrics`);
  const text = await res.body.text();
  const line = /^sluice_nodejs_heap_size_used_bytes (\S+)$/m.exec(text);
  if (!line) throw new Error('the server reports no sluice_nodejs_heap_size_used_bytes');
  return Number(line[1]) / MB;
};

/** Least-squares slope of `y` over `x`. */
export const slope = (points: ReadonlyArray<{ x: number; y: number }>): number => {
  const n = points.length;
  const mx = points.reduce((sum, p) => sum + p.x, 0) / n;
  const my = points.reduce((sum, p) => sum + p.y, 0) / n;
  const num = points.reduce((sum, p) => sum + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((sum, p) => sum + (p.x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
};

export const mean = (values: readonly number[]): number =>
  values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
