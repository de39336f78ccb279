import type { ImagePort } from '../agents/image-port.js';
import type { ChatContentPart, ModelPort } from '../agents/model-port.js';
import { ModelRefusedError } from '../agents/model-port.js';
import { sampleFrames } from './frame-sampling.js';
import type { Judge, JudgeContext } from './judge.js';
import type { JudgeVerdict } from './outcome.js';

/** The default judge prompt (documented in docs/runs.md). Its hash is recorded in the run manifest. */
export const VLM_JUDGE_PROMPT = `You are judging whether a phone assistant completed a task for an older adult.
The user's request (verbatim, possibly indirect or incomplete): "{instruction}"
The app in the foreground at the end: {activity}
You see {frames} screenshot(s) in time order; the LAST one is the final screen.
Decide whether the final state of the phone satisfies what the user wanted. Judge the outcome, not the path.
If the request is ambiguous, accept any reasonable interpretation a helpful person would choose.
Answer with one JSON object and nothing else:
{"verdict": "success" | "failure", "reason": "<one sentence>"}`;

export { sampleFrames };

export interface VlmJudgeOptions {
  /** Earlier frames sent besides the final screen: the first and evenly spaced ones over the whole trajectory. */
  sampledFrames: number;
  sampling: Record<string, number>;
}

export const DEFAULT_VLM_JUDGE_OPTIONS: VlmJudgeOptions = { sampledFrames: 3, sampling: { temperature: 0 } };

/**
 * Reads the judge's reply strictly: one JSON object (optionally in a ```json fence) whose
 * verdict is exactly "success" or "failure". Anything else is unreadable — a judge error,
 * never a pass.
 */
export function parseVerdict(reply: string): { pass: boolean | null; reason: string } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(reply)?.[1] ?? reply;
  const start = fenced.indexOf('{');
  const end = fenced.lastIndexOf('}');
  if (start < 0 || end <= start) return { pass: null, reason: `unreadable verdict (no JSON object): ${reply.slice(0, 120)}` };
  let obj: unknown;
  try {
    obj = JSON.parse(fenced.slice(start, end + 1));
  } catch {
    return { pass: null, reason: `unreadable verdict (invalid JSON): ${reply.slice(0, 120)}` };
  }
  const v = (obj as { verdict?: unknown }).verdict;
  const reason = String((obj as { reason?: unknown }).reason ?? '');
  if (v === 'success') return { pass: true, reason };
  if (v === 'failure') return { pass: false, reason };
  return { pass: null, reason: `unreadable verdict: "verdict" is ${JSON.stringify(v)}` };
}

/** The paper's VLM-as-a-judge: the first, evenly spaced and final screens, the activity and the instruction. */
export function vlmJudge(model: ModelPort, images: ImagePort, opts: VlmJudgeOptions = DEFAULT_VLM_JUDGE_OPTIONS): Judge {
  return {
    kind: 'vlm',
    async judge(ctx: JudgeContext): Promise<JudgeVerdict> {
      const frames = [...sampleFrames(ctx.frames, opts.sampledFrames), ctx.finalScreenshot];
      const prompt = VLM_JUDGE_PROMPT.replace('{instruction}', ctx.instruction)
        .replace('{activity}', ctx.foreground ? `${ctx.foreground.package}/${ctx.foreground.activity}` : 'unknown')
        .replace('{frames}', String(frames.length));
      const content: ChatContentPart[] = [{ type: 'text', text: prompt }];
      for (const f of frames) content.push({ type: 'image_url', image_url: { url: (await images.encode(f, { format: 'png' })).dataUrl } });
      let res;
      try {
        res = await model.complete({ messages: [{ role: 'user', content }], sampling: opts.sampling });
      } catch (e) {
        // The judge's model refusing is no verdict (a judge error), never the agent's failure.
        if (e instanceof ModelRefusedError)
          return { judge: 'vlm', pass: null, reason: `the judge model refused: ${e.message}`, tokens: null, ms: 0 };
        throw e;
      }
      const v = parseVerdict(res.content);
      return {
        judge: 'vlm',
        pass: v.pass,
        reason: v.reason,
        tokens: { prompt: res.usage.prompt_tokens ?? 0, completion: res.usage.completion_tokens ?? 0 },
        ms: res.latencyMs,
      };
    },
    // A VLM is not asked about the initial state: that would spend tokens on every task.
    alreadyPasses: async () => false,
  };
}
