import { Command, CommanderError } from 'commander';
import { registerAgent } from '../../../electron/cli/commands/agent.js';
import type { GlobalOptions } from '../../../electron/cli/output.js';
import { CliError } from '../../../electron/cli/output.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * Runs `elderbench agent …` the way electron/cli/main.ts will once the lead registers the
 * command (same global options and error handling), so the command is tested end to end now.
 */
const program = new Command('elderbench').option('--workspace <dir>').option('--json').exitOverride();
const globals = (): GlobalOptions => program.opts<GlobalOptions>();
registerAgent(program, globals);
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
} catch (e) {
  if (e instanceof CommanderError) process.exit(e.exitCode === 0 ? 0 : 2);
  const err = e instanceof CliError ? e : new CliError(errorMessage(e));
  if (globals().json) process.stdout.write(`${JSON.stringify({ error: err.message, details: err.details })}\n`);
  process.stderr.write(`elderbench: ${err.message}\n`);
  for (const d of err.details) process.stderr.write(`  ${d}\n`);
  process.exit(err.exitCode);
}
