/**
 * An example receiver of Sluice webhooks, the receiver steps of the specification:
 * keep the raw body; verify the signature and timestamp with the standardwebhooks library and the
 * endpoint's secret; refuse what does not verify; deduplicate by event id; answer 2xx only once
 * the event is kept.
 *
 *   WEBHOOK_SECRET=whsec_... PORT=4000 node dist/src/examples/receiver.js
 *
 * It keeps events in memory and prints one JSON line per new event; a real receiver would store
 * the event and the ids it has seen in its database, in one transaction.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

export type ReceivedEvent = {
  id: string;
  type: string;
  merchant_id: string;
  created_at: string;
  data: unknown;
};

export const startReceiver = (options: {
  secret: string;
  port?: number;
  onEvent?: (event: ReceivedEvent) => void;
}): Promise<Server> => {
  const webhook = new Webhook(options.secret);
  const seen = new Set<string>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let event: ReceivedEvent;
      try {
        // Verifies webhook-signature over `id.timestamp.raw body`, and that webhook-timestamp is
        // within five minutes of now; parses the JSON only then.
        event = webhook.verify(raw, req.headers as Record<string, string>) as ReceivedEvent;
      } catch (error) {
        res.writeHead(error instanceof WebhookVerificationError ? 400 : 500).end();
        return;
      }
      if (!seen.has(event.id)) {
        seen.add(event.id);
        options.onEvent?.(event);
      }
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve(server)),
  );
};

const runningAsScript = process.argv[1]?.endsWith('receiver.js');
if (runningAsScript) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    process.stderr.write('Set WEBHOOK_SECRET to the endpoint secret (whsec_...).\n');
    process.exit(1);
  }
  void startReceiver({
    secret,
    port: Number(process.env.PORT ?? 4000),
    onEvent: (event) => process.stdout.write(`${JSON.stringify(event)}\n`),
  }).then((server) => {
    const address = server.address();
    process.stderr.write(
      `receiving on http://127.0.0.1:${typeof address === 'object' && address ? address.port : ''}\n`,
    );
  });
}
