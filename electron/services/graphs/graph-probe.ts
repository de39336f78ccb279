import type { ProbeTaskResult } from '../../../shared/domain/graph.js';
import type { StateSignature, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Task } from '../../../shared/schemas/task.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { evaluateExpect } from '../../core/eval/check-matcher.js';
import { runChecks } from '../../core/eval/rule-judge.js';
import { samePage, sameState } from '../../core/graph/compare.js';
import { contentCandidates, keyboardLikelyUp } from '../../core/graph/content.js';
import { contentModel, contentUnder, withContent } from '../../core/graph/content-keys.js';
import type { ProbeDemo, ProbeVariant } from '../../core/graph/probe/variants.js';
import { generateVariants } from '../../core/graph/probe/variants.js';
import type { DeviceTruth } from '../../core/graph/probe/verdicts.js';
import { judgeOnDevice, judgeStructurally, summarizeTask, walkVariant } from '../../core/graph/probe/verdicts.js';
import { computeSignature, pageKey } from '../../core/graph/signature.js';
import { performAction, toPixelAction } from '../../core/recording/perform-action.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { resolvePackage } from '../devices/app-packages.js';
import type { GraphConfig } from '../../../shared/domain/graph.js';
import { readDemonstrations } from './graph-builder.js';

export interface ProbeDeps {
  store: WorkspaceStore;
  /**
   * The device to play a task's variants on, or null for the device-free structural probe. The caller
   * decides which devices may be used: wrong variants send, pay and delete for real.
   */
  deviceFor(task: Task): Promise<DevicePort | null>;
  /** Time for the screen to settle after each action (real phones animate). */
  settleMs: number;
  onVariant?(taskId: string, done: number, total: number): void;
}

/** Packages a device has, from `pm list packages` (works on real phones and the virtual phone alike). */
export async function packagesOf(device: DevicePort): Promise<Set<string>> {
  const out = await device.shell('pm list packages');
  return new Set(
    out
      .split('\n')
      .map((l) => l.trim().replace(/^package:/, ''))
      .filter(Boolean),
  );
}

/** Signs an observation as the graph does: layered signature plus the graph's content keys. */
function signer(
  graph: TaskGraph,
  cfg: GraphConfig['signature'],
): (ui: UiHierarchy, fg: { package: string; activity: string } | null) => StateSignature {
  const model = contentModel(graph.contentKeys ?? [], graph.freeKeys ?? [], graph.listedKeys ?? []);
  return (ui, fg) => {
    const sig = computeSignature(ui, fg, cfg);
    return withContent(sig, contentUnder(model, contentCandidates(ui, cfg, pageKey(sig)), pageKey(sig), keyboardLikelyUp(ui)));
  };
}

/**
 * Plays one variant from the task's setup. While it repeats its demonstration, each screen must be
 * the one the demonstration saw (else the phone is not set up like the recording's and the variant
 * is unplayable, not a verdict); then the task's checks say whether the path did the task.
 */
async function play(
  device: DevicePort,
  task: Task,
  v: ProbeVariant,
  expected: readonly StateSignature[],
  sign: ReturnType<typeof signer>,
  cfg: GraphConfig['signature'],
  settleMs: number,
): Promise<DeviceTruth> {
  for (const cmd of task.setup) await device.shell(cmd);
  const screen = (await device.info()).screen;
  const verify = async (i: number): Promise<string | null> => {
    const want = expected[i];
    if (i > v.follows || !want) return null;
    const [xml, fg] = await Promise.all([device.uiDump(), device.foreground()]);
    const got = sign(parseUiXml(xml), fg);
    return sameState(want, got, cfg)
      ? null
      : `before step ${i + 1} the phone showed another screen than demonstration ${v.demonstrationId} did (${got.activity || 'unknown activity'}); set the phone up as it was for the recording`;
  };
  // After its change, a wrong variant goes on only while the phone shows the pages the demonstration saw.
  const onDemoPage = async (i: number): Promise<boolean> => {
    const want = v.continuation ? expected[i + v.continuation.offset] : undefined;
    if (!want) return false;
    const [xml, fg] = await Promise.all([device.uiDump(), device.foreground()]);
    return samePage(want, sign(parseUiXml(xml), fg), cfg);
  };
  let played = v.actions.length;
  for (const [i, action] of v.actions.entries()) {
    const off = await verify(i);
    if (off) return { played: false, reason: off };
    if (i > v.follows && !(await onDemoPage(i))) {
      played = i;
      break;
    }
    await performAction(device, action, toPixelAction(action, screen, resolvePackage), sleep);
    if (settleMs > 0) await sleep(settleMs);
  }
  const off = await verify(v.actions.length);
  if (off) return { played: false, reason: off };
  const checks = await runChecks({ task, device }, evaluateExpect);
  const failed = checks.results.filter((r) => !r.pass);
  const stopped =
    played < v.actions.length ? ` (stopped after ${played} of ${v.actions.length} actions: the phone left the demonstration's pages)` : '';
  return {
    played: true,
    pass: checks.pass,
    actions: v.actions.slice(0, played),
    reason:
      (checks.pass ? `all ${checks.results.length} checks pass` : failed.map((f) => f.check.description ?? f.reason).join('; ')) + stopped,
  };
}

/** Probes a task's latest graph: generates variants, plays them (or judges them structurally), stores the result. */
export async function probeTask(deps: ProbeDeps, taskId: string): Promise<ProbeTaskResult> {
  const { store } = deps;
  const task = store.tasks.get(taskId);
  if (!task) throw new Error(`no task "${taskId}" in this workspace`);
  const row = store.graphs.latest(taskId);
  if (!row) throw new Error(`task ${taskId} has no graph; build one with: elderbench graph build --task ${taskId}`);
  const graph = row.body;
  const config = row.config;
  const match = config.match;
  const members = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId)));
  const read = await readDemonstrations(store, taskId, members);
  const demos: ProbeDemo[] = read.map((d) => ({
    id: d.id,
    screen: d.screen,
    steps: d.steps.map((s) => {
      const page = pageKey(computeSignature(s.ui, s.foreground, config.signature));
      return {
        action: s.row.action,
        ui: s.ui,
        content: contentCandidates(s.ui, config.signature, page),
        page,
        keyboard: keyboardLikelyUp(s.ui),
      };
    }),
  }));
  const variants = generateVariants(graph, demos);
  const device = await deps.deviceFor(task);
  const results = [];
  if (device) {
    const sign = signer(graph, config.signature);
    const expected = new Map(read.map((d) => [d.id, d.steps.map((s) => sign(s.ui, s.foreground))]));
    for (const [n, v] of variants.entries()) {
      const truth = await play(device, task, v, expected.get(v.demonstrationId) ?? [], sign, config.signature, deps.settleMs);
      results.push(judgeOnDevice(v, walkVariant(graph, truth.played ? truth.actions : v.actions, match), truth));
      deps.onVariant?.(taskId, n + 1, variants.length);
    }
  } else {
    for (const v of variants) results.push(judgeStructurally(v, walkVariant(graph, v.actions, match)));
  }
  const result = summarizeTask(taskId, row.version, device ? 'device' : 'structural', device?.serial ?? null, results);
  store.graphProbes.add(row.id, result);
  return result;
}
