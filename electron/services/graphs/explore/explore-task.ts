import type { Action } from '../../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../../shared/domain/graph.js';
import type {
  ExploreKindCount,
  ExplorePathKind,
  ExploreTaskResult,
  ExploredPath,
  RightPathKind,
  UnknownRoute,
} from '../../../../shared/domain/graph-explore.js';
import { SAME_ROUTE_KINDS } from '../../../../shared/domain/graph-explore.js';
import { graphScreen } from '../../../../shared/domain/task-graph.js';
import type { WorkspaceStore } from '../../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../../core/device/device-port.js';
import type { DemoRoute, StateFacts } from '../../../core/graph/explore/classify.js';
import { classifyRight, sideEffectsOf } from '../../../core/graph/explore/classify.js';
import { Explorer } from '../../../core/graph/explore/explorer.js';
import { walkAsVlmAgent } from '../../../core/graph/explore/offline-walk.js';
import type { AppPages } from '../../../core/graph/walk-app-pages.js';
import { appPagesOf } from '../app-pages.js';
import { shownControls } from '../shown-controls.js';
import type { StatePath } from '../../../core/graph/explore/paths.js';
import { endOf, nearMisses, sampleRightPaths, seededRandom } from '../../../core/graph/explore/paths.js';
import { relevanceScorer, typedValues } from '../../../core/graph/explore/vocabulary.js';
import { DeviceExplorePort } from './device-explore-port.js';

export interface ExploreOptions {
  /** Moves from the start beyond which states are not expanded (default: the longest demonstration + 2). */
  depth?: number;
  /** Actions played while searching for right paths. */
  budget: number;
  /** Actions played to complete near misses (the rest of a path after the changed decision). */
  followBudget: number;
  /** At most this many right and this many wrong paths per task. */
  rightPaths: number;
  wrongPaths: number;
  /** Paths per task played again from the setup (no snapshots) to check they end where exploration says. */
  verify: number;
  seed: number;
  /** Other tasks' recorded pages (services/graphs/app-pages.ts), read once for all the tasks explored; else read here. */
  appPages?: AppPages;
}

export const DEFAULT_EXPLORE_OPTIONS: ExploreOptions = {
  budget: 140,
  followBudget: 100,
  rightPaths: 28,
  wrongPaths: 36,
  verify: 3,
  seed: 7,
};

/** A task's graph-forming demonstrations, as the actions they recorded. */
function demonstrationActions(store: WorkspaceStore, taskId: string, members: ReadonlySet<number>): Action[][] {
  return store.demonstrations
    .listForTask(taskId)
    .filter((d) => d.status === 'finished' && members.has(d.id))
    .map((d) =>
      store.demonstrations
        .steps(d.id)
        .map((s) => s.action)
        .filter((a): a is Action => a !== null && a.type !== 'Finish'),
    );
}

const bump = (m: Partial<Record<ExplorePathKind, ExploreKindCount>>, k: ExplorePathKind, p: ExploredPath): void => {
  const c = (m[k] ??= { paths: 0, falseAccepts: 0, falseRejects: 0 });
  c.paths++;
  if (p.verdict === 'false-accept') c.falseAccepts++;
  if (p.verdict === 'false-reject') c.falseRejects++;
};

export function unexplorable(taskId: string, note: string, o: { depth: number; budget: number; device: string | null }): ExploreTaskResult {
  return {
    taskId,
    graphVersion: null,
    explorable: false,
    note,
    device: o.device,
    depth: o.depth,
    budget: o.budget,
    states: 0,
    transitions: 0,
    verified: 0,
    verifyMismatches: 0,
    passStates: 0,
    longestDemonstration: 0,
    paths: 0,
    right: 0,
    wrong: 0,
    falseAccepts: 0,
    falseRejects: 0,
    rightWithinBound: 0,
    falseRejectsWithinBound: 0,
    sideEffectWithinBound: 0,
    sideEffectRejectsWithinBound: 0,
    byKind: {},
    seconds: 0,
    disagreements: [],
    unknownRoutes: [],
  };
}

/**
 * Explores one task on a device and measures its latest graph against what the phone says: right paths
 * (the task's checks pass where they end) and near-miss wrong paths, found by exploring the app from the
 * task's setup, independent of the demonstrations; each walked offline as a `vlm` agent's replies.
 */
export async function exploreTask(
  store: WorkspaceStore,
  device: DevicePort,
  taskId: string,
  o: ExploreOptions,
): Promise<ExploreTaskResult> {
  const t0 = performance.now();
  const task = store.tasks.get(taskId);
  if (!task) throw new Error(`no task "${taskId}" in this workspace`);
  const row = store.graphs.latest(taskId);
  const none = { depth: o.depth ?? 0, budget: o.budget, device: device.serial };
  if (!row) return unexplorable(taskId, `no graph; build one with: elderbench graph build --task ${taskId}`, none);
  const graph = row.body;
  const appPages = o.appPages ?? appPagesOf(store);
  const controlsOf = shownControls(store);
  const members = new Set(graph.nodes.flatMap((n) => n.members.map((m) => m.demonstrationId)));
  const demos = demonstrationActions(store, taskId, members);
  const longest = Math.max(0, ...demos.map((d) => d.length));
  const depth = o.depth ?? longest + 2;
  const words = {
    instruction: task.instruction,
    normalized: task.normalized,
    facts: task.user?.facts,
    typed: demos.flatMap((d) => d.flatMap((a) => (a.type === 'Type' ? [a.text] : []))),
  };
  const port = new DeviceExplorePort(device, task, graphScreen(graph));
  const explorer = new Explorer(port, { appPackage: task.package, values: typedValues(words), relevance: relevanceScorer(words) });
  try {
    await explorer.begin();
    // The demonstrations' routes on the phone: what a right path is compared with (not where paths come from).
    const routes: DemoRoute[] = [];
    const asAgent: string[][] = [];
    const notes: string[] = [];
    for (const [i, d] of demos.entries()) {
      const r = await explorer.replay(d);
      routes.push(r);
      if (r.asAgent) asAgent.push(r.asAgent);
      if (!r.pass) notes.push(`demonstration ${i + 1} does not pass the checks when played again`);
    }
    await explorer.search({ depth, budget: o.budget });
    const random = seededRandom(o.seed);
    const right = sampleRightPaths(explorer, depth, o.rightPaths, random);
    const near = await nearMisses(explorer, right, { perPath: 4, limit: o.wrongPaths, budget: { left: o.followBudget }, random, asAgent });

    const results: ExploredPath[] = [];
    const byKind: Partial<Record<ExplorePathKind, ExploreKindCount>> = {};
    const unknownRoutes: UnknownRoute[] = [];
    const judge = async (
      p: StatePath,
      intent: 'right' | 'wrong',
      kind: ExplorePathKind,
      id: string,
      sideEffects?: string[],
    ): Promise<ExploredPath> => {
      const actions = p.steps.map((s) => s.move.action);
      const end = explorer.states.get(endOf(p, explorer.root))!;
      const offline = await walkAsVlmAgent(
        graph,
        { id: taskId, instruction: task.instruction, maxSteps: task.max_steps },
        actions,
        DEFAULT_MATCH_OPTIONS,
        p.steps.map((s) => s.move.target ?? null),
        appPages,
        undefined,
        controlsOf,
      );
      const verdict = offline.accepted === end.pass ? 'agree' : offline.accepted ? 'false-accept' : 'false-reject';
      const windows = p.steps.map((s) => explorer.states.get(s.to)!.window);
      const after = offline.unshownAfter;
      const unshownPage =
        after === undefined ? undefined : after === 0 ? explorer.states.get(explorer.root)!.window : (windows[after - 1] ?? windows.at(-1));
      const path: ExploredPath = {
        id,
        intent,
        kind,
        ...(sideEffects ? { sideEffects } : {}),
        description: p.steps.map((s) => s.move.label).join(' → '),
        actions,
        windows,
        phone: { pass: end.pass, reason: end.reason },
        offline,
        ...(unshownPage !== undefined ? { unshownPage } : {}),
        verdict,
        withinBound: p.steps.length <= longest + 2,
      };
      bump(byKind, kind, path);
      results.push(path);
      if (intent === 'right' && !offline.accepted) {
        unknownRoutes.push({
          taskId,
          kind: kind as RightPathKind,
          description: path.description,
          actions,
          windows: path.windows,
          states: p.steps.map((s) => s.to),
          reason: offline.reason,
        });
      }
      return path;
    };
    const facts = (id: string): StateFacts => {
      const st = explorer.states.get(id)!;
      return { app: st.appKey, window: st.window, data: st.data };
    };
    for (const [i, p] of [...right, ...near.alsoRight].entries()) {
      const kind = classifyRight(p, explorer.root, routes, facts);
      await judge(p, 'right', kind, `r${i + 1}`, kind === 'side-effect' ? sideEffectsOf(p, explorer.root, routes, facts) : undefined);
    }
    for (const [i, w] of near.wrong.entries()) await judge(w.path, 'wrong', w.kind, `w${i + 1}`);

    // A few paths played again from the setup, without snapshots: do they end where the explored transitions say?
    const sample = [...right, ...near.wrong.map((w) => w.path)].filter((_, i) => i % 9 === 0).slice(0, o.verify);
    let mismatches = 0;
    for (const p of sample)
      if (
        !(await explorer.verify(
          p.steps.map((s) => s.move.action),
          endOf(p, explorer.root),
        ))
      )
        mismatches++;
    if (mismatches > 0)
      notes.push(`${mismatches} of ${sample.length} paths played again from the setup ended in another state than explored`);

    const rightOnes = results.filter((r) => r.intent === 'right');
    const passStates = [...explorer.states.values()].filter((s) => s.pass).length;
    if (rightOnes.length === 0) {
      notes.unshift(
        passStates === 0
          ? `no state where the checks pass within ${depth} moves and ${o.budget} actions`
          : `the checks pass only beyond ${depth} moves`,
      );
    }
    return {
      taskId,
      graphVersion: row.version,
      explorable: rightOnes.length > 0,
      note: notes.join('; '),
      device: device.serial,
      depth,
      budget: o.budget,
      states: explorer.states.size,
      transitions: explorer.transitions,
      passStates,
      longestDemonstration: longest,
      verified: sample.length,
      verifyMismatches: mismatches,
      paths: results.length,
      right: rightOnes.length,
      wrong: results.length - rightOnes.length,
      falseAccepts: results.filter((r) => r.verdict === 'false-accept').length,
      falseRejects: results.filter((r) => r.verdict === 'false-reject').length,
      rightWithinBound: rightOnes.filter((r) => r.withinBound).length,
      falseRejectsWithinBound: rightOnes.filter((r) => r.withinBound && r.verdict === 'false-reject').length,
      sideEffectWithinBound: rightOnes.filter((r) => r.withinBound && r.kind === 'side-effect').length,
      sideEffectRejectsWithinBound: rightOnes.filter((r) => r.withinBound && r.kind === 'side-effect' && r.verdict === 'false-reject')
        .length,
      byKind,
      seconds: (performance.now() - t0) / 1000,
      disagreements: results.filter((r) => r.verdict !== 'agree'),
      unknownRoutes,
    };
  } finally {
    await port.close();
  }
}

/** Right-path kinds a graph must never reject, for summaries. */
export const mustAccept = (k: ExplorePathKind): boolean => (SAME_ROUTE_KINDS as readonly string[]).includes(k);
