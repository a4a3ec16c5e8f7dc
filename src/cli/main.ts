#!/usr/bin/env node
import { Command, CommanderError, Option } from 'commander';
import { encryptionCommands } from './commands/encryption.js';
import { eventCommands } from './commands/events.js';
import { keyCommands } from './commands/keys.js';
import { merchantCommands } from './commands/merchants.js';
import { portalLinkCommand } from './commands/portalLink.js';
import { projectionCommands } from './commands/projections.js';
import { triggerCommand } from './commands/trigger.js';
import { listenCommand } from './commands/listen.js';
import { webhookCommands } from './commands/webhooks.js';
import { CliError, note, watchStdout } from './output.js';

/** Exit codes: 0 done, 1 refused or failed (one line on stderr), 2 a usage error. */
const USAGE = 2;

const program = new Command()
  .name('sluice')
  .description(
    "Sluice's tool. Its operator commands work on the embedded data folder while the server is stopped, " +
      'and refuse while a server holds the folder (the running server offers the same through its HTTP API); ' +
      'trigger and listen talk to a running service.',
  )
  .addOption(
    new Option('--data-dir <path>', 'the data folder').env('SLUICE_DATA_DIR').default('./data'),
  )
  .showHelpAfterError('(sluice --help shows the commands; sluice <command> --help their options)')
  .exitOverride();

projectionCommands(program);
webhookCommands(program);
keyCommands(program);
eventCommands(program);
merchantCommands(program);
encryptionCommands(program);
triggerCommand(program);
listenCommand(program);
portalLinkCommand(program);

const run = async () => {
  watchStdout();
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has written its message (or the help) already.
      const shown = ['commander.help', 'commander.helpDisplayed', 'commander.version'].includes(
        error.code,
      );
      process.exitCode = shown ? 0 : USAGE;
      return;
    }
    if (error instanceof CliError) {
      note(`sluice: ${error.message}`);
      process.exitCode = 1;
      return;
    }
    note(`sluice: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
};

void run();
