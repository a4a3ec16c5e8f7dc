import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inPostgresMode, postgresModeEnv } from './postgresMode.js';

/**
 * Where each of the markers is found in clear at rest: every file of the embedded data folder (the
 * database, its WAL and shared memory, the keys' file, anything else), or, on PostgreSQL, a dump of
 * the service's schema (its tables, the log and the read models, as a backup would hold them).
 */
export const markersAtRest = (dataDir: string, markers: readonly string[]): string[] => {
  const found: string[] = [];
  const scan = (name: string, bytes: Buffer) => {
    for (const marker of markers) if (bytes.includes(marker)) found.push(`${marker} in ${name}`);
  };
  if (inPostgresMode()) {
    const { POSTGRES_URL: url, SLUICE_POSTGRES_SCHEMA: schema } = postgresModeEnv(
      dataDir,
      undefined,
    );
    scan(
      `pg_dump of ${schema}`,
      execFileSync('pg_dump', ['--schema', schema!, url!], {
        maxBuffer: 1 << 30,
      }),
    );
    return found;
  }
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder)) {
      const path = join(folder, entry);
      if (statSync(path).isDirectory()) walk(path);
      else scan(path, readFileSync(path));
    }
  };
  walk(dataDir);
  return found;
};
