import type { Command } from 'commander';
import { Argument } from 'commander';
import { allProjections } from '../../../projections/index.js';
import type { ProjectionStatus } from '../../projector/projector.js';
import type { Session } from '../dataFolder.js';
import { withDataFolder, withProjector } from '../dataFolder.js';
import { print } from '../output.js';
import { progressBar } from '../progress.js';
import { dataDirOf } from './options.js';

const NAMES = allProjections.map((projection) => projection.name);

/**
 * The projections as they stand on disk. The projector is not started: it would catch up as soon
 * as it started, and the answer would hide what the server has to do when it starts. With the
 * server stopped, every projection is `stopped`, and its lag counts the events after its stored
 * checkpoint.
 */
const storedStatus = async ({ stores }: Session): Promise<ProjectionStatus[]> =>
  Promise.all(
    allProjections.map(async (projection): Promise<ProjectionStatus> => {
      const checkpoint = (await stores.readStore.state(projection.name))?.checkpoint;
      return {
        name: projection.name,
        checkpoint: checkpoint ?? null,
        lag: await stores.eventStore.countAfter(checkpoint),
        status: 'stopped',
        last_error: null,
        rebuild: null,
      };
    }),
  );

const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

export const projectionCommands = (program: Command): void => {
  const projections = program
    .command('projections')
    .description('the read models built from the log: their state, and rebuilding them');

  projections
    .command('status')
    .description(
      'each projection: the position it has applied the log to, and how far behind it is',
    )
    .option('--json', 'one JSON array, for machines')
    .addHelpText('after', '\nExample:\n  $ sluice projections status --data-dir /var/lib/sluice')
    .action(async (options: { json?: boolean }, command: Command) => {
      await withDataFolder(dataDirOf(command), 'projections status', async (session) => {
        const statuses = await storedStatus(session);
        if (options.json) return print(JSON.stringify(statuses));
        print(
          table([
            ['NAME', 'CHECKPOINT', 'LAG', 'STATUS'],
            ...statuses.map((s) => [s.name, s.checkpoint ?? '-', String(s.lag), s.status]),
          ]),
        );
        print('The server is stopped: the lag is what each projection reads when it starts.');
      });
    });

  projections
    .command('rebuild')
    .description(
      'replay the whole log into fresh tables and swap them in: one projection, or all of them',
    )
    .addArgument(
      new Argument('[name]', 'the projection to rebuild (all when absent)').choices(NAMES),
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ sluice projections rebuild\n  $ sluice projections rebuild deliveries',
    )
    .action(async (name: string | undefined, _options: unknown, command: Command) => {
      await withDataFolder(dataDirOf(command), 'projections rebuild', (session) =>
        withProjector(
          session,
          async (projector) => {
            for (const each of name ? [name] : NAMES) {
              const started = performance.now();
              const bar = progressBar(each.padEnd(Math.max(...NAMES.map((n) => n.length))));
              let events = 0;
              try {
                await projector.rebuild(each, (progress) => {
                  events = progress.events_total;
                  bar.update(progress.events_done, progress.events_total);
                });
              } finally {
                bar.stop();
              }
              const seconds = ((performance.now() - started) / 1000).toFixed(1);
              print(`Rebuilt ${each} from ${events} events in ${seconds} s.`);
            }
          },
          // A projection that fails is what a rebuild repairs: nothing waits for it first.
          { catchUp: false },
        ),
      );
    });
};
