/** bench/RESULTS.md, written from the figures of the benchmarks that ran. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { BenchmarkResult, Figure } from './figures.js';
import { meetsTarget } from './figures.js';

export type Run = {
  results: BenchmarkResult[];
  quick: boolean;
  startedAt: Date;
  seconds: number;
  /** Written by hand and kept across runs (bench/fixes.md): what the figures led to, before and after. */
  fixes: string;
};

const number = (value: number): string =>
  Math.abs(value) >= 100 ? String(Math.round(value)) : value.toPrecision(3);

const targetOf = (f: Figure): string =>
  f.target ? `${f.target.is === 'at least' ? '≥' : '≤'} ${f.target.ratio.toFixed(2)}` : 'none set';

const verdict = (f: Figure): string => {
  const met = meetsTarget(f);
  return met === undefined ? '' : met ? 'met' : '**not met**';
};

const cell = (text: string) => text.replace(/\|/g, '\\|');

const section = (result: BenchmarkResult, alone?: Date): string[] => [
  `### ${result.title} (\`${result.name}\`${alone ? `, run on ${alone.toISOString().slice(0, 10)} alone` : ''})`,
  '',
  '| figure | value | measured against (same run) | its value | ratio | target | |',
  '| --- | ---: | --- | ---: | ---: | ---: | --- |',
  ...result.figures.map(
    (f) =>
      `| ${cell(f.what)} | ${number(f.value)} ${f.unit} | ${cell(f.against.what)} | ${number(f.against.value)} ${f.unit} | ${f.ratio.toFixed(2)} | ${targetOf(f)} | ${verdict(f)} |`,
  ),
  '',
  ...result.notes.map((note) => `- ${note}`),
  '',
];

export const renderResults = (run: Run): string => {
  const cpu = cpus();
  const lines = [
    '# Benchmark results',
    '',
    `Written by \`npm run bench${run.quick ? ' -- --quick' : ''}\` on ${run.startedAt.toISOString()} ` +
      `in ${Math.round(run.seconds)} s.`,
    '',
    `Machine: ${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ` +
      `${(totalmem() / 2 ** 30).toFixed(1)} GiB of memory, Node.js ${process.version}, ${process.platform}.`,
    '',
    ...(run.quick
      ? [
          '**Quick run** (`--quick`): smaller data and shorter runs, to check the ratios on a laptop. ' +
            'The full run (`npm run bench`) is the one that counts.',
          '',
        ]
      : []),
    'Every figure is measured next to what it is judged against, in the same run on the same machine: ' +
      'the ceiling of the machine (raw SQLite, a bare undici loop, a bare express handler), or, for a ' +
      'growth figure, the same operation on the small data set. Absolute figures move with the load of ' +
      'the machine; the ratios are what count.',
    '',
    ...run.results.flatMap((result) => section(result)),
    run.fixes.trim(),
    '',
  ];
  return lines.join('\n');
};

const nameOf = (heading: string) => /^### .*\(`([a-z]+)`/.exec(heading)?.[1];

/**
 * The results of a run of some benchmarks only, put in the place of their sections in the report
 * of an earlier run; the other sections stay as that run left them, and a benchmark new to the
 * report is added after them.
 */
export const mergeResults = (earlier: string, run: Run): string => {
  const fixesAt = earlier.indexOf(run.fixes.trim().split('\n')[0]!);
  const body = fixesAt >= 0 ? earlier.slice(0, fixesAt) : earlier;
  const [head, ...sections] = body.split(/^(?=### )/m);
  // A benchmark that was skipped (no server to run on) leaves its earlier figures as they were.
  const measured = run.results.filter((result) => result.figures.length > 0);
  const fresh = new Map(measured.map((result) => [result.name, result]));
  const kept = sections.map((text) => {
    const name = nameOf(text);
    const result = name === undefined ? undefined : fresh.get(name);
    if (!result) return text;
    fresh.delete(result.name);
    return section(result, run.startedAt).join('\n') + '\n';
  });
  const added = [...fresh.values()].map(
    (result) => section(result, run.startedAt).join('\n') + '\n',
  );
  return [head, ...kept, ...added].join('') + run.fixes.trim() + '\n';
};

/** All benchmarks ran: a new report. Some only: their sections replaced in the earlier one. */
export const writeResults = (file: string, run: Run, some = false): void => {
  const merge = some && existsSync(file) && !run.quick;
  writeFileSync(file, merge ? mergeResults(readFileSync(file, 'utf8'), run) : renderResults(run));
};
