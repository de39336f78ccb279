import type { Command } from 'commander';
import type { ScriptStep } from '../../services/recording/script-file.js';
import { ScriptFileError, readScriptFile } from '../../services/recording/script-file.js';
import { recordScript } from '../../services/recording/record-script.js';
import { openBackend } from '../context.js';
import { recordByHand } from './record-by-hand.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult } from '../output.js';

/** A script file as a command reads it: a bad one is a CLI error naming the file and each refused field. */
export async function readScript(file: string): Promise<ScriptStep[]> {
  try {
    return await readScriptFile(file);
  } catch (e) {
    if (e instanceof ScriptFileError) throw new CliError(e.message, 1, e.details);
    throw e;
  }
}

export function registerRecord(program: Command, globals: () => GlobalOptions): void {
  program
    .command('record')
    .description(
      'record a demonstration: scripted (--script: capture, store, act, commit per step, exactly like a human one) or done by hand on the phone itself (--from-device)',
    )
    .requiredOption('--task <id>', 'task to demonstrate')
    .requiredOption('--device <serial>', 'device to record on')
    .option('--script <file>', 'JSON list of canonical actions ending with {"type":"Finish"}')
    .option('--from-device', 'the annotator operates the phone itself; each gesture is a step (Ctrl-C finishes, twice discards)')
    .option('--allow-setup', "run the task's setup commands outside the known-safe set on a real phone too")
    .action(async (o: { task: string; device: string; script?: string; fromDevice?: boolean; allowSetup?: boolean }) => {
      const g = globals();
      if (!o.script === !o.fromDevice) throw new CliError('give --script FILE or --from-device', 2);
      const script = o.script ? await readScript(o.script) : null;
      const backend = openBackend(g, { writes: 'recording stores each step in the workspace' });
      try {
        const ws = backend.workspace;
        if (!ws.tasks.get(o.task)) throw new CliError(`no task "${o.task}" in ${ws.path}; import its task set first`);
        if (!script) {
          const r = await recordByHand(backend, o.task, o.device, { setupConfirmed: o.allowSetup === true });
          printResult(
            g,
            { ...r, taskId: o.task, device: o.device },
            (x) => `Recorded demonstration ${x.demonstrationId} by hand (${x.steps} steps, ${x.status})`,
          );
          return;
        }
        info(`recording task ${o.task} on ${o.device}`);
        const rec = await recordScript(backend, o.task, o.device, script, { setupConfirmed: o.allowSetup === true }).catch((e: Error) => {
          throw new CliError(e.message);
        });
        const steps = ws.demonstrations.steps(rec.demonstrationId);
        const captureMs = steps.map((s) => s.timings.total_ms ?? 0);
        printResult(
          g,
          { demonstrationId: rec.demonstrationId, taskId: o.task, device: o.device, status: rec.state, steps: steps.length },
          (r) =>
            `Recorded demonstration ${r.demonstrationId} (${r.steps} steps, ${r.status}); median capture ${median(captureMs).toFixed(0)} ms`,
        );
      } finally {
        backend.close();
      }
    });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)]! : 0;
}
