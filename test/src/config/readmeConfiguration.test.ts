import { expect } from 'chai';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The service's own code: the pages are built, and the examples document their own variables. */
const ROOTS = ['src', 'adapters', 'domain', 'projections'];
const LEFT_OUT = [join('src', 'web'), join('src', 'examples')];

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (LEFT_OUT.includes(path)) return [];
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** Every variable the code reads: `read(env, 'NAME', …)`, `env.NAME`, or a name in a list. */
const variablesRead = (): Set<string> => {
  const names = new Set<string>();
  const patterns = [
    /read\(\s*env,\s*'([A-Z][A-Z0-9_]+)'/g,
    /\benv\.([A-Z][A-Z0-9_]+)/g,
    /'((?:SLUICE|POSTGRES|EVENTSTORE|MONGO|KAFKA)_[A-Z0-9_]+)'/g,
  ];
  for (const file of ROOTS.flatMap(sourceFiles)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of patterns)
      for (const match of text.matchAll(pattern)) names.add(match[1]!);
  }
  return names;
};

/** The names in the first column of the README's configuration table. */
const documented = (): Set<string> => {
  const readme = readFileSync('README.md', 'utf8');
  const section = readme.slice(readme.indexOf('## Configuration'));
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return new Set(
    rows.flatMap((row) => [...row.split('|')[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
};

describe('the README’s configuration table', () => {
  it('lists every variable the service reads', () => {
    const read = variablesRead();
    // The scan finds what it must: a variable of each kind of read.
    expect([...read]).to.include.members([
      'PORT',
      'SLUICE_ROLES',
      'POSTGRES_URL',
      'SLUICE_METRICS_TOKEN',
    ]);
    const table = documented();
    expect([...read].filter((name) => !table.has(name)).sort()).to.deep.equal([]);
  });
});
