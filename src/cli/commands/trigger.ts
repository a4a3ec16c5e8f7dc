import type { Command } from 'commander';
import { print } from '../output.js';
import { CliError } from '../output.js';
import type { ServiceOptions } from '../serviceClient.js';
import { answerOf, serviceClient, serviceOptions } from '../serviceClient.js';

type TriggerOptions = ServiceOptions & { merchant: string; data?: string; json?: boolean };

const parseData = (raw: string): Record<string, unknown> => {
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new CliError('--data is not JSON');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw new CliError('--data must be a JSON object');
  return data as Record<string, unknown>;
};

/**
 * `sluice trigger <type>`: publishes an event of a type to a running service, its data the
 * catalog's first example (or --data), as a receiver under development wants one now.
 */
export const triggerCommand = (program: Command): void => {
  serviceOptions(
    program
      .command('trigger')
      .description(
        "publish an event of a type to a running service for a merchant, its data the catalog's example",
      )
      .argument('<event-type>', 'a type of the catalog (sluice trigger order.created …)'),
  )
    .requiredOption('--merchant <id>', 'the merchant the event is for (mer_…)')
    .option('--data <json>', "the event's data instead of the catalog's example")
    .option('--json', 'the published event as JSON, for machines')
    .addHelpText(
      'after',
      '\nExample:\n  $ sluice trigger order.created --merchant mer_acme --url http://127.0.0.1:8080',
    )
    .action(async (type: string, options: TriggerOptions, command: Command) => {
      const api = serviceClient(options, command);
      const path = { event_type: type };
      let data: Record<string, unknown>;
      if (options.data !== undefined) data = parseData(options.data);
      else {
        const entry = await answerOf(
          api.GET('/v1/event-types/{event_type}', { params: { path } }),
          options.url,
        );
        const example = entry.examples[0];
        if (!example) throw new CliError(`${type} has no example in the catalog: pass --data`);
        data = example;
      }
      const event = await answerOf(
        api.POST('/v1/events', { body: { type, merchant_id: options.merchant, data } }),
        options.url,
      );
      if (options.json) return print(JSON.stringify(event));
      print(`Published ${event.type} ${event.id} for ${event.merchant_id}.`);
    });
};
