import type { Command } from 'commander';
import type { ErasureDoc } from '../../../projections/merchantErasures.js';
import { MERCHANT_ERASURES } from '../../../projections/merchantErasures.js';
import { allDocs, findDocs } from '../../reads/readModels.js';
import type { Session } from '../dataFolder.js';
import { withDataFolder, withProjector } from '../dataFolder.js';
import { print, writeLine } from '../output.js';
import { dataDirOf } from './options.js';

const NEWEST_FIRST = { field: 'erased_at', direction: 'desc' } as const;
/** Erasures read per page for --json: memory holds one page, however many there were. */
const PAGE = 500;

/** As the API answers GET /v1/admin/erasures, one document per line. */
const writeJsonLines = async ({ stores }: Session): Promise<void> => {
  let cursor: string | undefined;
  do {
    const page = await findDocs(stores.readStore, MERCHANT_ERASURES, {
      orderBy: NEWEST_FIRST,
      limit: PAGE,
      ...(cursor && { cursor }),
    });
    for (const doc of page.docs) if (!(await writeLine(JSON.stringify(doc)))) return;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
};

/** A reason is free text: its line breaks and control characters would break the table's rows. */
const oneLine = (text: string): string =>
  text.replace(
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/g,
    (c) => JSON.stringify(c).slice(1, -1),
  );

const table = (docs: ErasureDoc[]): string => {
  const rows = [
    ['MERCHANT', 'ERASED_AT', 'ERASURES', 'REASON'],
    ...docs.map((d) => [d.merchant_id, d.erased_at, String(d.erasures), oneLine(d.reason)]),
  ];
  const widths = [0, 1, 2].map((column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) => [...widths.map((width, column) => row[column]!.padEnd(width)), row[3]].join('  '))
    .join('\n');
};

export const merchantCommands = (program: Command): void => {
  const merchants = program.command('merchants').description("merchants' data");

  merchants
    .command('erasures')
    .description(
      'the merchants whose data was erased (POST /v1/merchants/{id}/erase), newest erasure first: ' +
        'when last, how many times, and why',
    )
    .option(
      '--json',
      'one JSON object per line, as GET /v1/admin/erasures lists them ' +
        '({ id, object, merchant_id, erased_at, reason, erasures }), for machines',
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ sluice merchants erasures\n  $ sluice merchants erasures --json | jq -r .merchant_id',
    )
    .action(async (options: { json?: boolean }, command: Command) => {
      await withDataFolder(dataDirOf(command), 'merchants erasures', (session) =>
        withProjector(session, async () => {
          if (options.json) return writeJsonLines(session);
          // The columns are aligned over every row: the table is read whole (--json streams).
          const docs = await allDocs(session.stores.readStore, MERCHANT_ERASURES, {
            orderBy: NEWEST_FIRST,
          });
          if (docs.length === 0) return print("No merchant's data has been erased.");
          print(table(docs));
        }),
      );
    });
};
