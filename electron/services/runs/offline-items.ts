import { graphScreen } from '../../../shared/domain/task-graph.js';
import { agentTraits } from '../../core/agents/agent-traits.js';
import { classifyError } from '../../core/eval/exit-classes.js';
import { runOfflineTask } from '../../core/eval/offline-runner.js';
import type { RunSpec } from '../../../shared/schemas/run-spec.js';
import { graphBlobProblem, offlineObserver } from './offline-observations.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { ExecutorDeps } from './run-executor.js';
import type { ItemRunner } from './run-items.js';
import type { RunItem } from './run-plan.js';
import { itemKey } from './run-plan.js';
import { appPagesOf } from '../graphs/app-pages.js';
import { errorMessage } from '../../../shared/error-message.js';
import { Lru } from '../../../shared/lru.js';

/** Graphs whose drawn screens an offline run keeps (more than the sample set's 72 tasks: every agent after the first reuses them). */
const OBSERVERS_KEPT = 100;

/**
 * Offline items run in this process, one after another: the harness cost is tiny next to a model call.
 * Each task is scored against the graph version its manifest recorded, so a resumed run does not
 * switch to a graph rebuilt in between (runs created before versions were recorded take the latest).
 */
export async function runOfflineItems(
  runId: string,
  spec: RunSpec,
  deps: ExecutorDeps,
  run: ItemRunner,
  items: readonly RunItem[],
): Promise<void> {
  const { store } = deps;
  const manifest = store.runs.get(runId)?.manifest;
  const recorded = manifest?.graphVersions ?? {};
  const graphFor = (taskId: string) => {
    const v = recorded[taskId];
    return typeof v === 'number' ? store.graphs.atVersion(taskId, v) : store.graphs.latest(taskId);
  };
  // Other tasks' recorded pages, for taps a task's own graph does not know (walk-app-pages.ts): once per run.
  const appPages = appPagesOf(store, { ...manifest?.appPageVersions, ...recorded });
  // Checked once per graph version, before any agent plays it.
  const problems = new Map<number, Promise<string | null>>();
  const problemOf = (row: { id: number; body: TaskGraph }): Promise<string | null> => {
    if (!problems.has(row.id)) problems.set(row.id, graphBlobProblem(store, row.body));
    return problems.get(row.id)!;
  };
  // One observer per graph version (and image need) for the whole run: a screen decoded or drawn for one agent is
  // the same bytes for the next, and decoding a node's screenshot cost ~45 ms each time an agent stood on it. Kept for
  // the OBSERVERS_KEPT most recent graphs (a decoded screen is ~0.1 MB, a graph ~10 screens), so memory stays bounded.
  const observers = new Lru<string, ReturnType<typeof offlineObserver>>(OBSERVERS_KEPT);
  const observerOf = (row: { id: number; body: TaskGraph }, needsImage: boolean): ReturnType<typeof offlineObserver> =>
    observers.remember(`${row.id}|${needsImage}`, () => offlineObserver(store, graphScreen(row.body), needsImage));
  for (const i of items) {
    if (deps.cancelled()) return;
    const graphRow = graphFor(i.task.id);
    store.runs.deleteSteps(itemKey(runId, i));
    const problem = graphRow ? await problemOf(graphRow) : null;
    if (!graphRow || problem) {
      // The same for every agent: the task leaves N for all of them (an invalid task, not a failure).
      run.commit(
        i,
        {
          taskId: i.task.id,
          agent: i.agent,
          mode: 'offline',
          success: false,
          exit: 'no_graph',
          steps: 0,
          details: {
            reason: problem
              ? `its task graph cannot be played: ${problem}; rebuild it (elderbench graph build ${i.task.id}) or import an intact copy`
              : `no task graph; build one with: elderbench graph build ${i.task.id}`,
          },
        },
        [],
      );
      continue;
    }
    const graph = graphRow.body;
    const agent = run.agentFor(i);
    const rec = run.recorder(i);
    const user = run.userOf(i);
    run.progress.running = [{ taskId: i.task.id, agent: i.agent, mode: 'offline', device: null }];
    try {
      const o = await runOfflineTask(i.task.id, {
        graph,
        agent,
        instruction: run.instructionOf(i.task),
        observe: observerOf(graphRow, agentTraits(agent.adapter).needsImage),
        record: rec.record,
        appPages,
        ...(user.askUser ? { askUser: user.askUser } : {}),
        options: {
          match: spec.match,
          offGraph: spec.offGraph,
          maxOffGraphErrors: spec.maxOffGraphErrors,
          maxSteps: spec.maxSteps ?? i.task.max_steps,
        },
      });
      run.commit(i, o, rec.stats, { graphVersion: graphRow.version, ...user.stats(rec.stats) });
    } catch (e) {
      // A refused request is the agent's failure (scored); infrastructure waits for --resume.
      const exit = classifyError(e);
      if (!exit) throw e;
      run.commit(
        i,
        {
          taskId: i.task.id,
          agent: i.agent,
          mode: 'offline',
          success: false,
          exit,
          steps: rec.stats.length,
          details: { reason: errorMessage(e) },
        },
        rec.stats,
        { graphVersion: graphRow.version, ...user.stats(rec.stats) },
      );
    }
  }
  run.progress.running = [];
}
