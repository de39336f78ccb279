import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { z } from 'zod';
import { ActionSchema } from '../../../shared/domain/action.js';
import { openBackend } from '../context.js';
import type { GlobalOptions } from '../output.js';
import { CliError, info, printResult } from '../output.js';

/** A demonstration script: canonical actions in order, the last one Finish. */
export const DemoScriptSchema = z
  .array(ActionSchema)
  .min(1, 'the script is empty')
  .refine((a) => a.at(-1)?.type === 'Finish', { message: 'the last action must be {"type":"Finish"}' })
  .refine((a) => a.slice(0, -1).every((x) => x.type !== 'Finish'), { message: 'Finish may only be the last action' });

async function readScript(file: string): Promise<z.infer<typeof DemoScriptSchema>> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (e) {
    throw new CliError(`${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  // A script file may be the bare list or { "actions": [...] } with notes beside it.
  const list = Array.isArray(raw) ? raw : (raw as { actions?: unknown })?.actions;
  const parsed = DemoScriptSchema.safeParse(list);
  if (!parsed.success) {
    throw new CliError(
      `${file}: not a demonstration script`,
      1,
      parsed.error.issues.map((i) => `${file}: action ${i.path.length ? `#${Number(i.path[0]) + 1} ` : ''}${i.path.slice(1).join('.')}: ${i.message}`),
    );
  }
  return parsed.data;
}

export function registerRecord(program: Command, globals: () => GlobalOptions): void {
  program
    .command('record')
    .description('record a scripted demonstration exactly like a human one (capture, store, act, commit per step)')
    .requiredOption('--task <id>', 'task to demonstrate')
    .requiredOption('--device <serial>', 'device to record on')
    .requiredOption('--script <file>', 'JSON list of canonical actions ending with {"type":"Finish"}')
    .action(async (o: { task: string; device: string; script: string }) => {
      const g = globals();
      const script = await readScript(o.script);
      const backend = openBackend(g);
      try {
        const ws = backend.workspace;
        if (!ws.tasks.get(o.task)) throw new CliError(`no task "${o.task}" in ${ws.path}; import its task set first`);
        const rec = await backend.recordings.start(o.task, o.device).catch((e: Error) => {
          throw new CliError(e.message);
        });
        info(`demonstration ${rec.demonstrationId}: task ${o.task} on ${o.device}`);
        for (const [i, action] of script.entries()) {
          try {
            if (action.type === 'Finish') await rec.finish(action.message);
            else await rec.act(action);
          } catch (e) {
            throw new CliError(
              `step ${i + 1} (${action.type}) failed: ${(e as Error).message}; the ${rec.stepCount} steps before it are kept (demonstration ${rec.demonstrationId}, ${rec.state})`,
            );
          }
          if (!g.json) info(`  step ${i + 1}/${script.length}: ${action.type}`);
        }
        const steps = ws.demonstrations.steps(rec.demonstrationId);
        const captureMs = steps.map((s) => s.timings.total_ms ?? 0);
        printResult(
          g,
          { demonstrationId: rec.demonstrationId, taskId: o.task, device: o.device, status: rec.state, steps: steps.length },
          (r) => `Recorded demonstration ${r.demonstrationId} (${r.steps} steps, ${r.status}); median capture ${median(captureMs).toFixed(0)} ms`,
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
