import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import type { TriedPath, TryPathsSummary } from '../../../shared/domain/path-trial.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { evaluateExpect } from '../../core/eval/check-matcher.js';
import { runChecks } from '../../core/eval/rule-judge.js';
import { walkAsVlmAgent } from '../../core/graph/explore/offline-walk.js';
import { vlmReplyFor } from '../../core/agents/families/vlm-reply.js';
import type { PathCase } from '../../core/recording/path-set.js';
import { playScriptAimed } from '../../core/recording/script.js';
import { expectationsOf } from '../../core/side-effects/expectations.js';
import { takeSnapshot } from '../../core/side-effects/snapshot.js';
import { SideEffectTracker } from '../../core/side-effects/tracker.js';
import { scriptedUser } from '../../core/user/scripted-user.js';
import { UserSession } from '../../core/user/user-session.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { appNamesOf } from '../devices/app-packages.js';
import { shownControls } from './shown-controls.js';
import { appPagesOf } from './app-pages.js';
import type { MeasuringPhones } from './measuring-phones.js';
import { onMeasuringPhones } from './measuring-phones.js';

export interface TryPathsOptions {
  /** Virtual phones of this command's own (the default), or a device the user allowed side effects on. */
  phones: MeasuringPhones;
  onPath?(r: TriedPath): void;
}

/** A path that could not be played, and why. */
function notPlayed(c: PathCase, index: number, note: string): TriedPath {
  const expect = c.expect ?? null;
  return {
    index,
    name: c.name,
    taskId: c.task,
    expect,
    actions: [],
    phone: null,
    sideEffects: [],
    offline: null,
    phoneDisagrees: false,
    verdict: 'unplayable',
    note,
  };
}

/** One path: played from its task's setup for the truth, then walked offline as a `vlm` agent's replies. */
async function tryPath(
  store: WorkspaceStore,
  device: DevicePort,
  c: PathCase,
  index: number,
  appPages: ReturnType<typeof appPagesOf>,
  controlsOf: ReturnType<typeof shownControls>,
  names: ReturnType<typeof appNamesOf>,
): Promise<TriedPath> {
  const unplayable = (note: string): TriedPath => notPlayed(c, index, note);
  const task = store.tasks.get(c.task);
  if (!task) return unplayable(`no task "${c.task}" in this workspace`);
  const graph = store.graphs.latest(c.task)?.body;
  if (!graph) return unplayable(`task ${c.task} has no graph: build it first (elderbench graph build --task ${c.task})`);
  for (const cmd of task.setup) await device.shell(cmd);
  // What the path changes beyond what the task's checks and footprint name, as an online run watches it.
  const watch = new SideEffectTracker({ snapshot: () => takeSnapshot(device), expectations: expectationsOf(task), policy: 'bisect' });
  await watch.start();
  let played: Awaited<ReturnType<typeof playScriptAimed>>;
  try {
    played = await playScriptAimed(device, c.script, { resolvePackage: (app) => names.packageOf(app), sleep, parse: parseUiXml });
  } catch (e) {
    return unplayable(`step could not be played: ${errorMessage(e)}`);
  }
  // The `vlm` format has no key presses and no "clear" (its typing appends): a path using them is not one its agent takes.
  const cannot = played.actions.find((a) => vlmReplyFor(a) === null || (a.type === 'Type' && a.clear === true));
  if (cannot) {
    const what = cannot.type === 'Type' ? 'Type with clear (its typing appends)' : cannot.type;
    return { ...unplayable(`a vlm agent cannot send ${what}: write the path with actions it can send`), actions: played.actions };
  }
  const checks = await runChecks({ task, device }, evaluateExpect);
  const sideEffects = (await watch.finish()).effects.map((e) => `${e.kind}${e.irreversible ? ', irreversible' : ''}: ${e.summary}`);
  const failed = checks.results.filter((r) => !r.pass);
  // A run, online or offline, stops at the task's step budget (Finish is a step): a path longer than that never finishes
  // there, whatever the phone would show at its end (held-out set AU: a 21-step pill alarm where the task allows 20).
  const steps = played.actions.length + 1;
  const phone =
    checks.pass && steps > task.max_steps
      ? {
          pass: false,
          reason: `all ${checks.results.length} checks pass, but in ${steps} steps where the task allows ${task.max_steps}: a run stops there`,
        }
      : {
          pass: checks.pass,
          reason: checks.pass ? `all ${checks.results.length} checks pass` : failed.map((f) => f.check.description ?? f.reason).join('; '),
        };
  // A question the path asks is answered as `run --user scripted` answers it: by the task's scripted user, if any.
  const user = new UserSession(scriptedUser(task.user), task.instruction);
  const offline = await walkAsVlmAgent(
    graph,
    { id: task.id, instruction: task.instruction, maxSteps: task.max_steps },
    played.actions,
    DEFAULT_MATCH_OPTIONS,
    played.targets,
    appPages,
    (question) => user.ask(question),
    controlsOf,
  );
  return {
    index,
    name: c.name,
    taskId: c.task,
    expect: c.expect ?? null,
    actions: played.actions,
    phone,
    sideEffects,
    offline,
    verdict: offline.accepted === phone.pass ? 'agree' : offline.accepted ? 'false-accept' : 'false-reject',
    phoneDisagrees: c.expect !== undefined && (c.expect === 'right') !== phone.pass,
  };
}

/**
 * A path set played on phones and walked offline against each task's latest graph: the measure `graph explore` takes,
 * on paths someone wrote (a held-out set, kept apart from the graphs it measures). Each path is played from its task's
 * setup exactly as a run plays an agent's actions; the task's checks there are the truth; the same actions, sent as
 * `vlm` replies, are walked offline with other tasks' recordings of the app at hand, as `run --mode offline` walks them.
 */
export async function tryPaths(
  store: WorkspaceStore,
  file: string,
  cases: readonly PathCase[],
  o: TryPathsOptions,
): Promise<TryPathsSummary> {
  const t0 = performance.now();
  const appPages = appPagesOf(store);
  const controlsOf = shownControls(store);
  const names = appNamesOf(store);
  return onMeasuringPhones(o.phones, async (devices) => {
    const results = new Array<TriedPath>(cases.length);
    let next = 0;
    await Promise.all(
      devices.map(async (device) => {
        for (let i = next++; i < cases.length; i = next++) {
          // A phone that fails one path (its setup refused, the device gone) leaves the others to be played.
          results[i] = await tryPath(store, device, cases[i]!, i + 1, appPages, controlsOf, names).catch((e: unknown) =>
            notPlayed(cases[i]!, i + 1, `the phone failed: ${errorMessage(e)}`),
          );
          o.onPath?.(results[i]!);
        }
      }),
    );
    const played = results.filter((r) => r.phone !== null && r.verdict !== 'unplayable');
    return {
      file,
      paths: results.length,
      right: played.filter((r) => r.phone!.pass).length,
      wrong: played.filter((r) => !r.phone!.pass).length,
      falseAccepts: results.filter((r) => r.verdict === 'false-accept').length,
      falseRejects: results.filter((r) => r.verdict === 'false-reject').length,
      unplayable: results.filter((r) => r.verdict === 'unplayable').length,
      phoneDisagrees: results.filter((r) => r.phoneDisagrees).length,
      sideEffectPaths: played.filter((r) => r.sideEffects.length > 0).length,
      falseRejectsWithSideEffects: results.filter((r) => r.verdict === 'false-reject' && r.sideEffects.length > 0).length,
      falseRejectsUnshown: results.filter((r) => r.verdict === 'false-reject' && r.sideEffects.length === 0 && r.offline?.unshown === true)
        .length,
      seconds: (performance.now() - t0) / 1000,
      results,
    };
  });
}
