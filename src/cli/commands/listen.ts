import type { Command } from 'commander';
import { createParser } from 'eventsource-parser';
import { CliError, note, print } from '../output.js';
import type { ServiceOptions } from '../serviceClient.js';
import { answerOf, serviceClient, serviceOptions } from '../serviceClient.js';
import { forwardTry } from './listenForward.js';
import type { Delivery } from './listenForward.js';

type ListenOptions = ServiceOptions & {
  forwardTo?: string;
  events?: string;
  merchant?: string;
  printSecret?: boolean;
};

type Ready = { endpoint_id: string; merchant_id: string; secret: string | null };

/**
 * `sluice listen --forward-to <url>`: a merchant's deliveries, as they happen, forwarded to a
 * server on this machine exactly as signed. The service is not told of this machine: the tool
 * holds a stream open to it (GET /v1/listen) and answers each try with what the local server did.
 */
export const listenCommand = (program: Command): void => {
  serviceOptions(
    program
      .command('listen')
      .description(
        "forward a merchant's deliveries, as they happen, to a server on this machine, exactly as signed",
      ),
  )
    .option('--forward-to <url>', 'where to forward each delivery (http://localhost:3000/webhooks)')
    .option('--events <types>', 'only these event types, comma-separated')
    .option('--merchant <id>', 'the merchant to listen for (an admin key must name one)')
    .option('--print-secret', 'print the signing secret of the deliveries, and exit')
    .addHelpText(
      'after',
      '\nExample:\n  $ sluice listen --forward-to http://localhost:3000/webhooks --events order.created',
    )
    .action(async (options: ListenOptions, command: Command) => {
      if (!options.printSecret && !options.forwardTo)
        throw new CliError('pass --forward-to <url> (or --print-secret)');
      const api = serviceClient(options, command);
      const query = {
        ...(options.events && { events: options.events }),
        ...(options.merchant && { merchant_id: options.merchant }),
      };
      const stopped = new AbortController();
      for (const signal of ['SIGINT', 'SIGTERM'] as const)
        process.once(signal, () => stopped.abort());
      const answer = await api
        .GET('/v1/listen', { params: { query }, parseAs: 'stream', signal: stopped.signal })
        .catch((error: unknown) => {
          if (stopped.signal.aborted) return undefined;
          throw error;
        });
      if (!answer) return;
      if (!answer.response.ok || !answer.response.body)
        await answerOf(Promise.resolve(answer), options.url);
      let queue = Promise.resolve();
      const parser = createParser({
        onEvent: (message) => {
          if (message.event === 'ready') {
            const ready = JSON.parse(message.data) as Ready;
            if (options.printSecret) {
              print(ready.secret ?? '(this session may not see the secret)');
              stopped.abort();
              return;
            }
            print(
              `Ready. Forwarding ${ready.merchant_id}'s deliveries to ${options.forwardTo} ` +
                `(endpoint ${ready.endpoint_id}); their signing secret is ${ready.secret ?? '(hidden)'}. ^C to stop.`,
            );
          }
          if (message.event === 'delivery') {
            const delivery = JSON.parse(message.data) as Delivery;
            // One at a time, in the order the service sent them.
            queue = queue.then(() => forwardTry(api, options.forwardTo!, delivery));
          }
        },
      });
      const decoder = new TextDecoder();
      try {
        for await (const chunk of answer.response.body as unknown as AsyncIterable<Uint8Array>)
          parser.feed(decoder.decode(chunk, { stream: true }));
      } catch (error) {
        if (!stopped.signal.aborted) throw error;
      }
      await queue;
      if (!stopped.signal.aborted) throw new CliError('the service closed the stream');
      if (!options.printSecret) note('Stopped listening.');
    });
};
