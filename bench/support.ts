import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs `fn` in a fresh temp folder and removes it afterwards. */
export const inTempDir = async <T>(fn: (dir: string) => Promise<T> | T): Promise<T> => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-'));
  try {
    return await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Seconds taken by `fn`. */
export const time = async (fn: () => Promise<void> | void): Promise<number> => {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e9;
};

export const rate = (count: number, seconds: number): number => Math.round(count / seconds);

export const table = (rows: Array<Record<string, string | number>>): void => {
  const columns = Object.keys(rows[0] ?? {});
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padStart(widths[i]!)).join('  ');
  console.log(line(columns));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c]))));
};

/** The value below which `p` percent of the values fall. */
export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
