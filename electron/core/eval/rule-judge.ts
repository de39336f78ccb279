import type { Expect, SuccessCheck } from '../../../shared/schemas/task.js';
import type { Judge, JudgeContext } from './judge.js';
import type { JudgeVerdict } from './outcome.js';

export type ExpectEvaluator = (output: string, expect: Expect) => { pass: boolean; reason: string };

/** Runs the task's shell probes on the device (works on real phones and the virtual phone alike). */
export async function runChecks(
  ctx: Pick<JudgeContext, 'task' | 'device'>,
  evaluate: ExpectEvaluator,
): Promise<{ pass: boolean; results: { check: SuccessCheck; pass: boolean; reason: string }[] }> {
  const results = [];
  for (const check of ctx.task.success_checks) {
    const out = await probe(ctx.device, check.probe);
    results.push({ check, ...evaluate(out, check.expect) });
  }
  return { pass: results.length > 0 && results.every((r) => r.pass), results };
}

/**
 * A probe's output, asked again (twice, a moment apart) when it printed nothing: a phone whose connection drops for a
 * moment gives adb an empty answer rather than an error, and a judge must not fail a task on it. The probes print
 * something whenever they are answered (a state, a setting, "No result found"), so asking again costs nothing else.
 */
async function probe(device: JudgeContext['device'], command: string): Promise<string> {
  let out = await device.shell(command);
  for (const pause of [300, 1000]) {
    if (out.trim() !== '') break;
    await new Promise((resolve) => setTimeout(resolve, pause));
    out = await device.shell(command);
  }
  return out;
}

/** The `rule` judge: every success check of the task must pass. A task without checks cannot be judged this way. */
export function ruleJudge(evaluate: ExpectEvaluator): Judge {
  return {
    kind: 'rule',
    async judge(ctx): Promise<JudgeVerdict> {
      const t0 = performance.now();
      if (ctx.task.success_checks.length === 0) {
        return { judge: 'rule', pass: null, reason: `task ${ctx.task.id} has no success_checks; use --judge vlm`, ms: 0 };
      }
      const r = await runChecks(ctx, evaluate);
      const failed = r.results.filter((x) => !x.pass);
      return {
        judge: 'rule',
        pass: r.pass,
        reason: r.pass ? `all ${r.results.length} checks passed` : failed.map((f) => `${f.check.probe}: ${f.reason}`).join('; '),
        ms: performance.now() - t0,
        // Each check is one goal condition (partial credit).
        goal: { met: r.results.length - failed.length, total: r.results.length },
      };
    },
    async alreadyPasses(ctx) {
      if (ctx.task.success_checks.length === 0) return false;
      return (await runChecks(ctx, evaluate)).pass;
    },
  };
}
