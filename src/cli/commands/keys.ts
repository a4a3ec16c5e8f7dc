import type { Command } from 'commander';
import { Option } from 'commander';
import { isLeft } from 'fp-ts/lib/Either.js';
import { ROLES } from '../../../domain/api-keys/apiKey.js';
import type { Role } from '../../../domain/api-keys/apiKey.js';
import { MERCHANT_ID_PATTERN } from '../../../domain/shared/merchant.js';
import { createApiKey } from '../../auth/createApiKey.js';
import { cliMetadata, withDataFolder, withProjector } from '../dataFolder.js';
import { note, print, refusal } from '../output.js';
import { dataDirOf, matching } from './options.js';

type CreateOptions = { role: Role; merchant?: string; name?: string; json?: boolean };

export const keyCommands = (program: Command): void => {
  const keys = program.command('keys').description('API keys');

  keys
    .command('create')
    .description(
      'create an API key, as POST /v1/api-keys does; the key is printed this once, only its hash is kept',
    )
    .addOption(
      new Option('--role <role>', 'what the key may do').choices(ROLES).makeOptionMandatory(),
    )
    .option(
      '--merchant <id>',
      'the merchant a merchant key acts for (mer_…); required for that role, refused for the others',
      matching(MERCHANT_ID_PATTERN, 'a merchant id: mer_ followed by 1 to 64 of A-Z a-z 0-9 _ -'),
    )
    .option(
      '--name <name>',
      'a name to recognise the key by (1 to 200 characters)',
      matching(/^[^]{1,200}$/u, '1 to 200 characters'),
    )
    .option('--json', 'the new key as JSON, as the API answers, for machines')
    .addHelpText(
      'after',
      '\nExamples:\n  $ sluice keys create --role admin --name "second operator"\n  $ sluice keys create --role merchant --merchant mer_acme',
    )
    .action(async (options: CreateOptions, command: Command) => {
      await withDataFolder(dataDirOf(command), 'keys create', (session) =>
        withProjector(session, async () => {
          const result = await createApiKey(
            { eventStore: session.stores.eventStore, now: () => new Date() },
            {
              role: options.role,
              merchant_id: options.merchant ?? null,
              name: options.name ?? null,
            },
            cliMetadata(options.merchant ?? null),
          );
          if (isLeft(result)) throw refusal(result.left);
          const key = result.right.created;
          if (options.json) return print(JSON.stringify(key));
          print(
            [
              `id        ${key.id}`,
              `role      ${key.role}`,
              ...(key.merchant_id ? [`merchant  ${key.merchant_id}`] : []),
              ...(key.name ? [`name      ${key.name}`] : []),
              `key       ${key.key}`,
            ].join('\n'),
          );
          note('Keep the key now: it is shown this once, and Sluice stores only its hash.');
        }),
      );
    });
};
