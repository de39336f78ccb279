import { Command, CommanderError } from 'commander';
import { APP_VERSION } from '../services/version.js';
import { registerAgent } from './commands/agent.js';
import { registerAnalyze } from './commands/analyze.js';
import { registerDevices } from './commands/devices.js';
import { registerGraph } from './commands/graph.js';
import { registerPhone } from './commands/phone.js';
import { registerRecord } from './commands/record.js';
import { registerRun } from './commands/run.js';
import { registerServe } from './commands/serve.js';
import { registerTasks } from './commands/tasks.js';
import type { GlobalOptions } from './output.js';
import { CliError } from './output.js';

/** `elderbench`: the same services as the app, for lab staff and scripts. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('elderbench')
    .description('ElderBench desktop: benchmark phone-operating AI agents on older adults\' instructions')
    .version(APP_VERSION)
    .option('--workspace <dir>', 'workspace folder (default: $ELDERBENCH_WORKSPACE, else the user data folder)')
    .option('--json', 'machine-readable output on stdout; messages go to stderr')
    .option('--adb <host:port>', 'adb server to use (default: the workspace setting, 127.0.0.1:5037)')
    .showHelpAfterError()
    .exitOverride();
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  registerTasks(program, globals);
  registerServe(program, globals);
  registerPhone(program, globals);
  registerDevices(program, globals);
  registerRecord(program, globals);
  registerGraph(program, globals);
  registerAgent(program, globals);
  registerAnalyze(program, globals);
  registerRun(program, globals);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return e.exitCode === 0 ? 0 : 2;
    }
    const err = e instanceof CliError ? e : new CliError((e as Error).message ?? String(e));
    if (globals().json) {
      process.stdout.write(`${JSON.stringify({ error: err.message, details: err.details })}\n`);
    }
    process.stderr.write(`elderbench: ${err.message}\n`);
    for (const d of err.details) process.stderr.write(`  ${d}\n`);
    return err.exitCode;
  }
}
