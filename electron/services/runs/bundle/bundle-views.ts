import type { Run, RunResult, RunStep } from '../../../adapters/db/repositories/runs-repo.js';
import type { BundleManifest, BundleResult, BundleStep } from '../../../../shared/schemas/run-bundle.js';
import { callCost, priceLookup } from '../../../core/eval/cost.js';
import { judgeVerdicts } from '../../../core/eval/judge-accuracy.js';
import { usageOf } from '../cost-report.js';
import { storedGoal } from '../partial-credit-report.js';

/**
 * The parts of a bundle derived for people reading it (the `view` fields): what a reader of a published run looks
 * for first, computed by the same rules as the report (cost, verdicts, partial credit). Import ignores them.
 */

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Each prompt template once, with who used it (agents, the judge, the simulated user). */
function prompts(run: Run): BundleManifest['view']['prompts'] {
  const byHash = new Map<string, { sha256: string; usedBy: string[]; text: string }>();
  const add = (who: string, text: unknown, sha: unknown): void => {
    const t = str(text);
    const h = str(sha);
    if (t === null || h === null) return;
    const entry = byHash.get(h) ?? { sha256: h, usedBy: [], text: t };
    entry.usedBy.push(who);
    byHash.set(h, entry);
  };
  for (const [name, a] of Object.entries(run.manifest.agents)) add(`agent:${name}`, a.promptTemplate, a.promptSha256);
  const judge = run.manifest.judge as Loose | undefined;
  if (judge) add('judge', judge.prompt, judge.promptSha256);
  const user = run.manifest.user as Loose | undefined;
  if (user) add('user', user.prompt, user.promptSha256);
  return [...byHash.values()].sort((a, b) => a.sha256.localeCompare(b.sha256));
}

/** The devices online results ran on, one line per fingerprint, as each result recorded it. */
function devices(results: readonly RunResult[]): BundleManifest['view']['devices'] {
  const byPrint = new Map<string, BundleManifest['view']['devices'][number]>();
  for (const r of results) {
    const d = r.details.deviceInfo;
    if (!d) continue;
    const print = {
      model: d.model ?? null,
      android: d.release ?? null,
      resolution: d.screen ? `${d.screen.width}x${d.screen.height}` : null,
      density: d.density ?? null,
      locale: d.locale ?? null,
      fontScale: d.fontScale ?? null,
    };
    const key = JSON.stringify(print);
    const seen = byPrint.get(key);
    if (seen) seen.results++;
    else byPrint.set(key, { ...print, results: 1 });
  }
  return [...byPrint.values()];
}

export function manifestView(
  run: Run,
  taskIds: readonly string[],
  results: readonly RunResult[],
  tasksAsRun: boolean,
): BundleManifest['view'] {
  const m = run.manifest;
  const spec = m.spec;
  const taskSetHash = str((m as Loose).taskSetHash) ?? '';
  return {
    taskSetHash,
    tasksAsRun,
    tasks: taskIds.map((taskId) => {
      const g = m.graphs[taskId];
      return {
        taskId,
        graphVersion: m.graphVersions[taskId] ?? null,
        standing: g ? `${g.trust.status}: ${g.trust.reason}` : null,
      };
    }),
    devices: devices(results),
    agents: m.agents as Record<string, Loose>,
    prompts: prompts(run),
    judge: isObject(m.judge) ? m.judge : null,
    user: isObject(m.user) ? m.user : null,
    seeds: m.trials?.seeds ?? null,
    limits: { maxSteps: spec?.maxSteps ?? null, timeoutS: spec?.timeoutS ?? null, maxAttempts: spec?.maxAttempts ?? null },
    trials: spec?.trials ?? m.trials?.count ?? 1,
  };
}

export function resultView(run: Run, r: RunResult): BundleResult['view'] {
  const d = r.details;
  const price = priceLookup(run.manifest.prices);
  const model = run.manifest.agents[r.agent]?.model ?? null;
  return {
    verdicts: judgeVerdicts({ mode: r.mode, exit: r.exitCategory, success: r.success, judge: d.judge }),
    sideEffects: d.sideEffects ? d.sideEffects.effects.length : null,
    tokens: { prompt: d.stats?.promptTokens ?? null, completion: d.stats?.completionTokens ?? null, total: d.stats?.tokens ?? null },
    costUsd: callCost(usageOf(r), price(model)),
    latencyMs: { agent: (d.stats?.stepMs ?? []).reduce((a, b) => a + b, 0), judge: d.judge?.ms ?? 0 },
    partialCredit: storedGoal(r),
  };
}

/** A step as a bundle line: the stored record, and what was sent to the model with each image by its blob id. */
export function stepLine(s: RunStep, blobOfStep: ReadonlyMap<number, string | null>): BundleStep {
  const req = s.details.request;
  return {
    idx: s.idx,
    observationBlob: s.observationBlob,
    rawOutput: s.rawOutput,
    action: s.action,
    details: s.details,
    timings: s.timings,
    usage: s.usage as unknown as Loose,
    request: req
      ? { messages: req.messages.map((m) => ({ role: m.role, text: m.text, images: m.images.map((i) => blobOfStep.get(i) ?? null) })) }
      : null,
  };
}

/** Blob ids a result refers to: each step's screen and the final screen. */
export function resultBlobs(r: RunResult, steps: readonly RunStep[]): string[] {
  const ids = steps.flatMap((s) => (s.observationBlob ? [s.observationBlob] : []));
  if (r.details.finalBlob) ids.push(r.details.finalBlob);
  return ids;
}

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/vnd.elderbench.uixml+gzip': 'xml.gz',
  'application/gzip': 'gz',
  'application/json': 'json',
  'application/xml': 'xml',
  'text/xml': 'xml',
};

/** The file an image (any blob) has in the bundle. */
export const imageFile = (id: string, mediaType: string): string => `images/${id}.${EXT[mediaType] ?? 'bin'}`;
