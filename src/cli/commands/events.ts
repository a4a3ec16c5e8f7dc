import type { Command } from 'commander';
import type { Position } from '../../../domain/shared/envelope.js';
import type { EventFilter } from '../../../domain/shared/eventFilter.js';
import { auditEntry } from '../../audit/auditEntry.js';
import { withDataFolder } from '../dataFolder.js';
import { writeLine } from '../output.js';
import { progressBar } from '../progress.js';
import { openEvents } from '../../payloads/sealedEvents.js';
import { dataDirOf, matching } from './options.js';

type ExportOptions = { from?: string; type?: string; merchant?: string; stream?: string };

/** Events read per page: memory holds one page, whatever the size of the log. */
const PAGE = 1000;
/** Counting what is left is a scan of the rest of the log: the bar moves twice a second at most. */
const REPORT_EVERY_MS = 500;

export const eventCommands = (program: Command): void => {
  const events = program.command('events').description('the log');

  events
    .command('export')
    .description(
      'the log as JSON lines on stdout, oldest first, one event per line ' +
        '({ position, stream, revision, id, type, merchant_id, recorded_at, data, metadata }; ' +
        'signing secrets and key hashes "[redacted]")',
    )
    .option(
      '--from <position>',
      'start after this position: the last one an earlier export wrote (default: the beginning)',
      matching(/^\d{1,19}$/, 'a position: the "position" of an exported line'),
    )
    .option('--type <type>', 'only events of this type (order.created, api_key.created, …)')
    .option('--merchant <id>', 'only events of this merchant')
    .option('--stream <stream>', 'only events of this stream (webhook_endpoint-we_…, …)')
    .addHelpText(
      'after',
      '\nExamples:\n  $ sluice events export > log.jsonl\n  $ sluice events export --from "$(tail -n 1 log.jsonl | jq -r .position)" >> log.jsonl\n  $ sluice events export --merchant mer_acme --type order.created | jq .data',
    )
    .action(async (options: ExportOptions, command: Command) => {
      await withDataFolder(dataDirOf(command), 'events export', async ({ stores, keys }) => {
        const filter: EventFilter = {
          ...(options.type !== undefined && { type: options.type }),
          ...(options.merchant !== undefined && { merchantId: options.merchant }),
          ...(options.stream !== undefined && { stream: options.stream }),
        };
        const bar = progressBar('export');
        const from = options.from as Position | undefined;
        const total = await stores.eventStore.countAfter(from);
        let after = from;
        let reportedAt = -Infinity;
        try {
          for (;;) {
            const page = await stores.eventStore.readAll({
              ...(after !== undefined && { after }),
              filter,
              limit: PAGE,
            });
            for (const event of await openEvents(keys, page.events, { attempts: true })) {
              // The reader has gone (`| head`): what it wanted is written.
              if (!(await writeLine(JSON.stringify(auditEntry(event))))) return;
            }
            after = page.scannedTo ?? after;
            if (page.atEnd) break;
            if (performance.now() - reportedAt >= REPORT_EVERY_MS) {
              reportedAt = performance.now();
              bar.update(total - (await stores.eventStore.countAfter(after)), total);
            }
          }
          bar.update(total, total);
        } finally {
          bar.stop();
        }
      });
    });
};
