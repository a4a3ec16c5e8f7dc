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
  /** As the API's `include_unsent`: the events never sent to the endpoint too. */
  includeUnsent?: boolean;
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
    .option(
      '--include-unsent',
      'also send, for the first time, the events never sent to it (published before it existed)',
    )
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
            {
              since: options.since,
              until: options.until,
              onlyFailed: options.onlyFailed,
              includeUnsent: options.includeUnsent ?? false,
            },
            cliMetadata(endpoint.right.merchant_id),
          );
          if (isLeft(replayed)) throw refusal(replayed.left);
          const { replay_id, count, replayed: again, backfilled, unsent_skipped } = replayed.right;
          if (options.json)
            return print(
              JSON.stringify({ replay_id, count, replayed: again, backfilled, unsent_skipped }),
            );
          print(
            `Replay ${replay_id}: ${again} sent again, ${backfilled} sent for the first time, to ` +
              `${endpoint.right.id} (${endpoint.right.url}), when the server next starts.`,
          );
          if (unsent_skipped > 0)
            print(
              `${unsent_skipped} ${unsent_skipped === 1 ? 'event' : 'events'} of the window never ` +
                'sent to it were left out (--include-unsent sends them).',
            );
        }),
      );
    });
};
