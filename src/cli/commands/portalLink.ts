import type { Command } from 'commander';
import { CliError, note, print } from '../output.js';
import type { ServiceOptions } from '../serviceClient.js';
import { answerOf, serviceClient, serviceOptions } from '../serviceClient.js';

type PortalLinkOptions = ServiceOptions & {
  merchant: string;
  capabilities?: string;
  expiresIn?: string;
  json?: boolean;
};

const CAPABILITIES = ['view', 'manage_endpoints', 'view_secret', 'rotate_secret', 'send'] as const;
type Capability = (typeof CAPABILITIES)[number];

const capabilitiesOf = (raw: string): Capability[] =>
  raw.split(',').map((name) => {
    const trimmed = name.trim();
    if (!(CAPABILITIES as readonly string[]).includes(trimmed))
      throw new CliError(`--capabilities: ${trimmed} is not one of ${CAPABILITIES.join(', ')}`);
    return trimmed as Capability;
  });

const secondsOf = (raw: string): number => {
  const seconds = Number(raw);
  if (!Number.isInteger(seconds))
    throw new CliError('--expires-in must be a whole number of seconds');
  return seconds;
};

/**
 * `sluice portal-link`: a single-use sign-in link to a merchant's portal, made by a running
 * service (admin). The link goes to stdout, to hand on; what to check first (a merchant nothing
 * is known of: a typo, or a new merchant) to stderr, so a script that takes the link still can.
 */
export const portalLinkCommand = (program: Command): void => {
  serviceOptions(
    program
      .command('portal-link')
      .description("make a single-use sign-in link to a merchant's portal on a running service"),
  )
    .requiredOption('--merchant <id>', 'the merchant the portal is for (mer_…)')
    .option('--capabilities <list>', `comma-separated, of ${CAPABILITIES.join(', ')} (default all)`)
    .option('--expires-in <seconds>', 'how long the link and its session last (60 to 604800)')
    .option('--json', 'the answer as JSON, for machines')
    .action(async (options: PortalLinkOptions, command: Command) => {
      const api = serviceClient(options, command);
      const session = await answerOf(
        api.POST('/v1/portal/sessions', {
          body: {
            merchant_id: options.merchant,
            ...(options.capabilities && { capabilities: capabilitiesOf(options.capabilities) }),
            ...(options.expiresIn && { expires_in_s: secondsOf(options.expiresIn) }),
          },
        }),
        options.url,
      );
      for (const warning of session.warnings) note(`warning: ${warning.message}`);
      if (options.json) return print(JSON.stringify(session));
      print(session.url ?? '');
    });
};
