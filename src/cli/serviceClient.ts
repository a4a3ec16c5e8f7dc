import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { Option } from 'commander';
import createClient from 'openapi-fetch';
import type { paths } from '../web/shared/schema.js';
import { CliError } from './output.js';
import { dataDirOf } from './commands/options.js';

/** The options of a command that talks to a running service rather than to a data folder. */
export type ServiceOptions = { url: string; key?: string };

/** Adds --url and --key, from SLUICE_URL and SLUICE_API_KEY when not given. */
export const serviceOptions = (command: Command): Command =>
  command
    .addOption(
      new Option('--url <url>', 'the running service')
        .env('SLUICE_URL')
        .default('http://127.0.0.1:8080'),
    )
    .addOption(
      new Option(
        '--key <key>',
        "an API key (default: the data folder's admin.key, as a local service wrote it)",
      ).env('SLUICE_API_KEY'),
    );

/**
 * The key to send: the one given, else the bootstrap admin key a local service wrote into its data
 * folder, so that `npm run dev` and this tool work together with nothing to copy.
 */
const keyOf = (options: ServiceOptions, command: Command): string => {
  if (options.key) return options.key;
  const file = join(dataDirOf(command), 'admin.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  throw new CliError(`no API key: pass --key, set SLUICE_API_KEY, or run beside ${file}`);
};

/**
 * The API, typed by the OpenAPI document as the portal and the console are (src/web/shared/
 * schema.d.ts), with the key as a bearer token.
 */
export const serviceClient = (options: ServiceOptions, command: Command) => {
  const key = keyOf(options, command);
  const client = createClient<paths>({ baseUrl: options.url.replace(/\/$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('Authorization', `Bearer ${key}`);
      return request;
    },
  });
  return client;
};

type Answer<D> = { data?: D; error?: unknown; response: Response };

/** The body of a successful answer, or a CliError with the API's problem in one line. */
export const answerOf = async <D>(pending: Promise<Answer<D>>, url: string): Promise<D> => {
  let answer: Answer<D>;
  try {
    answer = await pending;
  } catch (error) {
    const why =
      error instanceof Error
        ? ((error.cause as Error | undefined)?.message ?? error.message)
        : String(error);
    throw new CliError(`the service at ${url} cannot be reached (${why})`);
  }
  if (answer.response.ok) return answer.data as D;
  const problem = answer.error as
    { detail?: string; errors?: Array<{ path: string; message: string }> } | undefined;
  const faults = (problem?.errors ?? []).map((fault) => `${fault.path}: ${fault.message}`);
  const detail = problem?.detail ?? `the service answered ${answer.response.status}`;
  throw new CliError(faults.length > 0 ? `${detail} (${faults.join('; ')})` : detail);
};
