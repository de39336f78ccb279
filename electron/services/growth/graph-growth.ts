import type { Action } from '../../../shared/domain/action.js';
import type { GraphSummary } from '../../../shared/domain/graph.js';
import type { AcceptRoutesResult, ProposedRoute } from '../../../shared/domain/off-graph.js';
import type { DemonstrationView } from '../../../shared/domain/recording.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { evaluateExpect } from '../../core/eval/check-matcher.js';
import { runChecks } from '../../core/eval/rule-judge.js';
import type { ScriptStep } from '../../core/recording/script.js';
import { isTargetStep, resolveScrolling } from '../../core/recording/script.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { buildAndStore } from '../graphs/graph-builder.js';
import { probeTask } from '../graphs/graph-probe.js';
import { trustOf } from '../graphs/graph-trust.js';
import type { RecordingSessions } from '../recording/recording-service.js';
import { stepView } from '../recording/recording-service.js';

/** Rebuilds a task's graph from all its finished demonstrations as a new version, and probes it without a device. */
export async function rebuildGraph(store: WorkspaceStore, taskId: string): Promise<GraphSummary> {
  const s = await buildAndStore(store, taskId);
  await probeTask({ store, settleMs: 0, deviceFor: async () => null }, taskId);
  return { ...s, trust: trustOf(store, s.graphId, s.selfConsistency) };
}

/** What finishing a branch did to its graph: a new version, or why the branch was not taken in. */
export type Growth = { grown: GraphSummary } | { refused: string };

/**
 * Once a branch is finished, the graph grows by it — if the phone agrees that it does the task: the
 * task's checks are asked on the phone in the state the branch ended in (it still stands there). A
 * branch whose checks fail is not a demonstration of the task: it is discarded, with the reason, and the
 * graph stays as it was (record again, or mark the agent's action wrong). A task without checks takes the
 * annotator's word. Then the graph is built again as a new version from the task's demonstrations.
 */
export async function growFromDemonstration(
  store: WorkspaceStore,
  demonstrationId: number,
  device: DevicePort | null,
): Promise<Growth | null> {
  const d = store.offGraph.forDemonstration(demonstrationId);
  if (!d || d.kind !== 'branch' || store.demonstrations.get(demonstrationId)?.status !== 'finished') return null;
  const task = store.tasks.get(d.taskId);
  if (task && device && task.success_checks.length > 0) {
    const checks = await runChecks({ task, device }, evaluateExpect);
    if (!checks.pass) {
      const why = checks.results
        .filter((r) => !r.pass)
        .map((r) => `${r.check.probe}: ${r.reason}`)
        .join('; ');
      const refused = `the task's checks fail where branch ${demonstrationId} ended (${why}); it was discarded and the graph of ${d.taskId} is unchanged: record the branch to the task's end, or mark the agent's action wrong`;
      store.demonstrations.setStatus(demonstrationId, 'discarded');
      store.demonstrations.setNote(demonstrationId, refused);
      return { refused };
    }
  }
  return { grown: await rebuildGraph(store, d.taskId) };
}

/** Ends an open demonstration in the recorder the way the Record screen's Finish does. */
async function finishOpen(sessions: RecordingSessions, id: number): Promise<DemonstrationView> {
  const final = await sessions.capture(id, 'finish', (r) => r.finish());
  sessions.close(id);
  sessions.emit(id, stepView(final));
  return sessions.view(id);
}

/**
 * Continues an open branch with a script (the CLI's way of recording from the screen the agent's action
 * led to): label-addressed taps are resolved on the live screen, the last step is Finish. On a failure
 * the branch is discarded and the error names the step.
 */
export async function continueWithScript(
  sessions: RecordingSessions,
  demonstrationId: number,
  device: DevicePort,
  script: readonly ScriptStep[],
): Promise<DemonstrationView> {
  const rec = sessions.recorder(demonstrationId);
  for (const [i, step] of script.entries()) {
    try {
      if (step.type === 'Finish' && !isTargetStep(step)) return await finishOpen(sessions, demonstrationId);
      const act = async (action: Action): Promise<void> =>
        sessions.emit(demonstrationId, stepView(await sessions.capture(demonstrationId, 'step', (r) => r.act(action))));
      await act(await resolveScrolling(step, async () => parseUiXml(await device.uiDump()), act, rec.deviceInfo.screen));
    } catch (e) {
      await rec.discard().catch(() => undefined);
      sessions.close(demonstrationId);
      throw new Error(`script step ${i + 1} (${step.type}) failed: ${errorMessage(e)}; the branch was discarded`, { cause: e });
    }
  }
  throw new Error('the script must end with {"type":"Finish"}');
}

/**
 * Accepts proposed routes in bulk: each route (one whose state passes the task's checks) is played from
 * the task's setup through the recorder, the task's checks are asked on the phone at its end — the
 * phone, not the proposer, decides — and a route that passes becomes a demonstration. Then each task's
 * graph is rebuilt once, as one new version.
 */
export async function acceptRoutes(
  store: WorkspaceStore,
  sessions: RecordingSessions,
  serial: string,
  device: DevicePort,
  routes: readonly ProposedRoute[],
): Promise<AcceptRoutesResult> {
  const out: AcceptRoutesResult = { recorded: [], refused: [], versions: [] };
  for (const route of routes) {
    const refuse = (reason: string): void => void out.refused.push({ routeId: route.id, taskId: route.taskId, reason });
    const task = store.tasks.get(route.taskId);
    if (!task) {
      refuse(`no task ${route.taskId} in this workspace`);
      continue;
    }
    if (!route.reaches.checksPass) {
      refuse("the proposer found the task's checks failing at its end: not a right route");
      continue;
    }
    const rec = await sessions.start(route.taskId, serial);
    const id = rec.demonstrationId;
    // Linked before the first step, so a crash never leaves a route's demonstration looking like a person's.
    store.offGraph.add({
      kind: 'route',
      taskId: route.taskId,
      source: null,
      anchor: null,
      action: null,
      target: null,
      screen: null,
      demonstrationId: id,
      note: route.description,
    });
    try {
      for (const a of route.actions) sessions.emit(id, stepView(await sessions.capture(id, 'step', (r) => r.act(a))));
      const checks = await runChecks({ task, device }, evaluateExpect);
      if (!checks.pass) {
        await rec.discard();
        sessions.close(id);
        refuse(
          `on ${serial} the task's checks fail at its end: ${
            checks.results
              .filter((r) => !r.pass)
              .map((r) => r.reason)
              .join('; ') || 'no checks'
          }`,
        );
        continue;
      }
      await finishOpen(sessions, id);
      out.recorded.push({ routeId: route.id, taskId: route.taskId, demonstrationId: id });
    } catch (e) {
      if (sessions.active.has(id)) {
        await rec.discard().catch(() => undefined);
        sessions.close(id);
      }
      refuse(`playing it on ${serial} failed: ${errorMessage(e)}`);
    }
  }
  for (const taskId of [...new Set(out.recorded.map((r) => r.taskId))]) {
    const s = await rebuildGraph(store, taskId);
    out.versions.push({ taskId, version: s.version, trust: s.trust.status, reason: s.trust.reason });
  }
  return out;
}
