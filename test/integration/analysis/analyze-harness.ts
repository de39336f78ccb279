// A stand-in for electron/cli/main.ts with only `analyze` registered, so the command can be
// tested as a real process before the lead wires it into the `elderbench` binary.
// Mirrors main.ts's error handling (one line on stderr, JSON error with --json, exit codes).
import { Command, CommanderError } from 'commander';
import { registerAnalyze } from '../../../electron/cli/commands/analyze.js';
import type { GlobalOptions } from '../../../electron/cli/output.js';
import { CliError } from '../../../electron/cli/output.js';

const program = new Command('elderbench').option('--workspace <dir>').option('--json').exitOverride();
const globals = (): GlobalOptions => program.opts<GlobalOptions>();
registerAnalyze(program, globals);
try {
  await program.parseAsync(process.argv.slice(2), { from: 'user' });
  process.exitCode = 0;
} catch (e) {
  if (e instanceof CommanderError) process.exitCode = e.exitCode === 0 ? 0 : 2;
  else {
    const err = e instanceof CliError ? e : new CliError((e as Error).message ?? String(e));
    if (globals().json) process.stdout.write(`${JSON.stringify({ error: err.message, details: err.details })}\n`);
    process.stderr.write(`elderbench: ${err.message}\n`);
    for (const d of err.details) process.stderr.write(`  ${d}\n`);
    process.exitCode = err.exitCode;
  }
}
