import { Command, CommanderError } from 'commander';
import { APP_VERSION } from '../services/version.js';
import type { Command as CommandType } from 'commander';
import type { GlobalOptions } from './output.js';

type Register = (program: CommandType, globals: () => GlobalOptions) => void;

/**
 * Commands load on demand: a command pulls in only its own modules (`tasks list` does not
 * load the chart renderer, sharp or the phone). `--help` and unknown commands load them all.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  tasks: async () => (await import('./commands/tasks.js')).registerTasks,
  serve: async () => (await import('./commands/serve.js')).registerServe,
  phone: async () => (await import('./commands/phone.js')).registerPhone,
  devices: async () => (await import('./commands/devices.js')).registerDevices,
  record: async () => (await import('./commands/record.js')).registerRecord,
  graph: async () => (await import('./commands/graph.js')).registerGraph,
  agent: async () => (await import('./commands/agent.js')).registerAgent,
  analyze: async () => (await import('./commands/analyze.js')).registerAnalyze,
  run: async () => (await import('./commands/run.js')).registerRun,
  report: async () => (await import('./commands/run.js')).registerRun,
  demo: async () => (await import('./commands/demo.js')).registerDemo,
  prices: async () => (await import('./commands/prices.js')).registerPrices,
  export: async () => (await import('./commands/run-bundle.js')).registerRunBundle,
  'import-run': async () => (await import('./commands/run-bundle.js')).registerRunBundle,
};

/** The command word: the first argument that is not an option or an option's value. */
function commandWord(argv: readonly string[]): string | undefined {
  const withValue = new Set(['--workspace', '--adb']);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (withValue.has(a)) i++;
    else if (!a.startsWith('-')) return a;
  }
  return undefined;
}
import { CliError } from './output.js';
import { storageRefusal } from '../services/workspace/read-only.js';
import { terminalSafe } from '../../shared/terminal-text.js';

/** `elderbench`: the same services as the app, for lab staff and scripts. */
export async function main(argv: string[]): Promise<number> {
  const program = new Command('elderbench')
    .description("ElderBench desktop: benchmark phone-operating AI agents on older adults' instructions")
    .version(APP_VERSION)
    .option('--workspace <dir>', 'workspace folder (default: $ELDERBENCH_WORKSPACE, else the user data folder)')
    .option('--json', 'machine-readable output on stdout; messages go to stderr')
    .option('--adb <host:port>', 'adb server to use (default: the workspace setting, 127.0.0.1:5037)')
    .showHelpAfterError()
    .exitOverride();
  const globals = (): GlobalOptions => program.opts<GlobalOptions>();
  const word = commandWord(argv);
  // `--version` alone needs no command (and is what scripts call to check the install): load none.
  const versionOnly = !word && argv.some((a) => a === '-V' || a === '--version') && !argv.some((a) => a === '-h' || a === '--help');
  const wanted = versionOnly ? [] : word && COMMANDS[word] ? [COMMANDS[word]] : Object.values(COMMANDS);
  const registered = new Set<Register>();
  for (const load of wanted) {
    const register = await load();
    if (!registered.has(register)) register(program, globals);
    registered.add(register);
  }

  try {
    await program.parseAsync(argv, { from: 'user' });
    // A command that finished but found problems (lint errors, an invalid graph) says so with process.exitCode.
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version end through here with exit code 0.
      return e.exitCode === 0 ? 0 : 2;
    }
    // SQLite's and the file system's wording, even inside a command's own message, becomes the sentence that says what to do.
    const refused = storageRefusal(e, globals().workspace ?? null);
    const err =
      refused !== null ? new CliError(refused) : e instanceof CliError ? e : new CliError(e instanceof Error ? e.message : String(e));
    if (globals().json) {
      process.stdout.write(`${JSON.stringify({ error: err.message, details: err.details })}\n`);
    }
    process.stderr.write(`elderbench: ${terminalSafe(err.message)}\n`);
    for (const d of err.details) process.stderr.write(`  ${terminalSafe(d)}\n`);
    return err.exitCode;
  }
}
