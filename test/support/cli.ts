import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

export type CliRun = { code: number | null; stdout: string; stderr: string };

/**
 * Runs the built command-line tool as an operator does, on a data folder, and collects what it
 * wrote. Asynchronous, so that servers and receivers of the same test keep answering meanwhile.
 */
export const runCli = (
  dataDir: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<CliRun> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env: { ...process.env, SLUICE_DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

/** The JSON lines of an export, parsed. */
export const jsonLines = (text: string): Array<Record<string, any>> =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, any>);
