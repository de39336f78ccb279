import type {
  ExploreKindCount,
  ExplorePathKind,
  ExploreSummary,
  ExploreTaskResult,
  UnknownRoute,
  UnshownPage,
} from '../../../../shared/domain/graph-explore.js';
import { appPagesOf } from '../app-pages.js';
import { SAME_ROUTE_KINDS } from '../../../../shared/domain/graph-explore.js';
import type { WorkspaceStore } from '../../../adapters/db/workspace-store.js';
import { errorMessage } from '../../../../shared/error-message.js';
import type { MeasuringPhones } from '../measuring-phones.js';
import { onMeasuringPhones } from '../measuring-phones.js';
import { packagesOf } from '../graph-probe.js';
import type { ExploreOptions } from './explore-task.js';
import { DEFAULT_EXPLORE_OPTIONS, exploreTask, unexplorable } from './explore-task.js';

export interface ExploreRunOptions extends Partial<ExploreOptions> {
  /**
   * Where to explore: virtual phones of the explorer's own (the default; several explore tasks side by
   * side), or a named device the user allowed side effects on (exploring taps everything: it sends, pays
   * and deletes).
   */
  phones: MeasuringPhones;
  onTask?(r: ExploreTaskResult): void;
}

const rate = (n: number, of: number): number => (of === 0 ? 0 : n / of);

/**
 * The pages the offline run could not show where right paths were refused, most refused first (ExploreSummary.unshownPages).
 * Paths that did more than the task (kind `side-effect`) are left out: what they did on the way is no route to record.
 */
export function unshownPagesOf(tasks: readonly ExploreTaskResult[]): UnshownPage[] {
  const byPage = new Map<string, UnshownPage>();
  for (const t of tasks)
    for (const d of t.disagreements) {
      if (d.verdict !== 'false-reject' || d.unshownPage === undefined || d.kind === 'side-effect') continue;
      const p = byPage.get(d.unshownPage) ?? { page: d.unshownPage, refused: 0, sameRoute: 0, tasks: [] };
      p.refused++;
      if ((SAME_ROUTE_KINDS as readonly string[]).includes(d.kind)) p.sameRoute++;
      if (!p.tasks.includes(t.taskId)) p.tasks.push(t.taskId);
      byPage.set(d.unshownPage, p);
    }
  return [...byPage.values()].sort((a, b) => b.refused - a.refused || b.sameRoute - a.sameRoute || a.page.localeCompare(b.page));
}

/** Totals over tasks: the figure `graph explore --all` publishes. */
export function summarizeExploration(tasks: readonly ExploreTaskResult[], seconds: number): ExploreSummary {
  const sum = (f: (t: ExploreTaskResult) => number): number => tasks.reduce((a, t) => a + f(t), 0);
  const byKind: Partial<Record<ExplorePathKind, ExploreKindCount>> = {};
  for (const t of tasks) {
    for (const [k, c] of Object.entries(t.byKind) as [ExplorePathKind, ExploreKindCount][]) {
      const into = (byKind[k] ??= { paths: 0, falseAccepts: 0, falseRejects: 0 });
      into.paths += c.paths;
      into.falseAccepts += c.falseAccepts;
      into.falseRejects += c.falseRejects;
    }
  }
  const wrong = sum((t) => t.wrong);
  const rightWithinBound = sum((t) => t.rightWithinBound);
  const falseAccepts = sum((t) => t.falseAccepts);
  const falseRejectsWithinBound = sum((t) => t.falseRejectsWithinBound);
  return {
    paths: sum((t) => t.paths),
    right: sum((t) => t.right),
    wrong,
    falseAccepts,
    falseRejects: sum((t) => t.falseRejects),
    falseAcceptRate: wrong === 0 ? 0 : falseAccepts / wrong,
    rightWithinBound,
    falseRejectsWithinBound,
    falseRejectRate: rightWithinBound === 0 ? 0 : falseRejectsWithinBound / rightWithinBound,
    sameRouteFalseRejects: SAME_ROUTE_KINDS.reduce((a, k) => a + (byKind[k]?.falseRejects ?? 0), 0),
    sameRouteUnshown: sum(
      (t) =>
        t.disagreements.filter(
          (d) => d.verdict === 'false-reject' && d.offline.unshown && (SAME_ROUTE_KINDS as readonly string[]).includes(d.kind),
        ).length,
    ),
    unshownPages: unshownPagesOf(tasks),
    falseRejectRateWithoutSideEffects: rate(
      falseRejectsWithinBound - sum((t) => t.sideEffectRejectsWithinBound),
      rightWithinBound - sum((t) => t.sideEffectWithinBound),
    ),
    byKind,
    unexplorable: tasks.filter((t) => !t.explorable).map((t) => ({ taskId: t.taskId, reason: t.note })),
    states: sum((t) => t.states),
    transitions: sum((t) => t.transitions),
    verified: sum((t) => t.verified),
    verifyMismatches: sum((t) => t.verifyMismatches),
    seconds,
    tasks: [...tasks],
  };
}

/**
 * Explores each task on a phone and measures its latest graph (see exploreTask). Virtual phones started
 * here work side by side, one task each at a time, and are stopped at the end, also on failure.
 */
export async function exploreTasks(store: WorkspaceStore, taskIds: readonly string[], o: ExploreRunOptions): Promise<ExploreSummary> {
  const t0 = performance.now();
  const { phones: _phones, onTask: _onTask, ...given } = o;
  const opts: ExploreOptions = {
    ...DEFAULT_EXPLORE_OPTIONS,
    ...Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)),
    appPages: appPagesOf(store),
  };
  return onMeasuringPhones(o.phones, async (devices) => {
    const installed = await packagesOf(devices[0]!);
    const results = new Map<string, ExploreTaskResult>();
    const queue = [...taskIds];
    await Promise.all(
      devices.map(async (device) => {
        for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
          const task = store.tasks.get(id);
          let r: ExploreTaskResult;
          if (!task) throw new Error(`no task "${id}" in this workspace`);
          else if (!installed.has(task.package))
            r = unexplorable(id, `${device.serial} does not have ${task.package}`, {
              depth: opts.depth ?? 0,
              budget: opts.budget,
              device: device.serial,
            });
          else {
            r = await exploreTask(store, device, id, opts).catch((e: unknown) => {
              throw new Error(`${id}: ${errorMessage(e)}`);
            });
          }
          results.set(id, r);
          o.onTask?.(r);
        }
      }),
    );
    return summarizeExploration(
      taskIds.map((id) => results.get(id)!),
      (performance.now() - t0) / 1000,
    );
  });
}

/**
 * The right routes a task's graph does not know, found by exploring the task on a virtual phone: each
 * as the actions an agent took and the states they reached, for an annotator to record (or accept in
 * bulk as new branches).
 */
export async function unknownRoutes(store: WorkspaceStore, taskId: string, o: Partial<ExploreOptions> = {}): Promise<UnknownRoute[]> {
  const s = await exploreTasks(store, [taskId], { ...o, phones: { kind: 'virtual', count: 1 } });
  return s.tasks[0]?.unknownRoutes ?? [];
}
