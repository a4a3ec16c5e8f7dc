import type { Command } from 'commander';
import { isLeft } from 'fp-ts/lib/Either.js';
import { endpointToReplay, replayWindow } from '../../delivery/replay.js';
import { cliMetadata, withDataFolder, withProjector } from '../dataFolder.js';
import { print, refusal } from '../output.js';
import { dataDirOf, rfc3339 } from './options.js';

type ReplayOptions = {
  endpoint: string;
  since: string;
  until?: string;
  /** As the API's `only_failed`: true unless --no-only-failed. */
  onlyFailed: boolean;
  json?: boolean;
};

export const webhookCommands = (program: Command): void => {
  const webhooks = program.command('webhooks').description("webhook endpoints' messages");

  webhooks
    .command('replay')
    .description(
      "send an endpoint's messages of a time window again, as POST /v1/webhooks/{id}/replay does: " +
        'the deliveries are recorded now, and the server sends them when it next starts',
    )
    .requiredOption('--endpoint <id>', 'the webhook endpoint (we_…)')
    .requiredOption('--since <time>', 'events created at or after this RFC 3339 time', rfc3339)
    .option(
      '--until <time>',
      'events created at or before this RFC 3339 time (default: now)',
      rfc3339,
    )
    // The API's `only_failed`, default true: --no-only-failed replays delivered events too.
    .option('--only-failed', 'only events never delivered successfully to it (the default)', true)
    .option('--no-only-failed', 'every matching event, delivered or not')
    .option('--json', 'the answer as JSON, for machines')
    .addHelpText(
      'after',
      '\nExample:\n  $ sluice webhooks replay --endpoint we_01K… --since 2026-11-21T00:00:00Z',
    )
    .action(async (options: ReplayOptions, command: Command) => {
      await withDataFolder(dataDirOf(command), 'webhooks replay', (session) =>
        withProjector(session, async () => {
          const services = {
            ...session.stores,
            eventStore: session.log,
            dataKeys: session.keys,
            now: () => new Date(),
          };
          const endpoint = await endpointToReplay(services, options.endpoint);
          if (isLeft(endpoint)) throw refusal(endpoint.left);
          const replayed = await replayWindow(
            services,
            endpoint.right,
            { since: options.since, until: options.until, onlyFailed: options.onlyFailed },
            cliMetadata(endpoint.right.merchant_id),
          );
          if (isLeft(replayed)) throw refusal(replayed.left);
          const { replay_id, count } = replayed.right;
          if (options.json) return print(JSON.stringify({ replay_id, count }));
          print(
            `Replay ${replay_id}: ${count} ${count === 1 ? 'message' : 'messages'} to ${endpoint.right.id} ` +
              `(${endpoint.right.url}), sent when the server next starts.`,
          );
        }),
      );
    });
};
