import type { Action } from '../../../shared/domain/action.js';
import type { TaskGraph } from '../../../shared/domain/task-graph.js';
import type { Agent, AgentHistoryEntry, AgentObservation } from '../agents/agent.js';
import type { MatchOptions } from '../graph/match.js';
import { GraphWalker } from '../graph/walk.js';
import type { AppPages } from '../graph/walk-app-pages.js';
import { knownWrongMatch } from '../graph/growth/known-wrong.js';
import type { UserTurn } from '../user/user-turn.js';
import type { ExitCategory, StepRecord, TaskOutcome } from './outcome.js';
import { walkGoalProgress } from './goal-progress.js';
import type { ScreenView } from './offline-views.js';

export interface OfflineOptions {
  match: MatchOptions;
  /** What an unmatched action does: end the task, or stay on the node and count an error. */
  offGraph: 'fail' | 'stay';
  /** With 'stay': how many unmatched actions end the task. */
  maxOffGraphErrors: number;
  maxSteps: number;
}

export const DEFAULT_OFFLINE_OPTIONS: Omit<OfflineOptions, 'match'> = { offGraph: 'fail', maxOffGraphErrors: 3, maxSteps: 25 };

export interface OfflineDeps {
  graph: TaskGraph;
  agent: Agent;
  instruction: string;
  /**
   * What the agent sees where the walk stands (loaded by the caller): the node's representative screenshot and UI,
   * or, where the walk knows a state no recorded screen shows, that state drawn from it (offline-views.ts).
   */
  observe(view: ScreenView): Promise<{ observation: AgentObservation; blob: string | null }>;
  /** Commits one step before the next one starts (crash-safe). */
  record(step: StepRecord): void;
  /** Answers AskUser (`run --user scripted|simulated`); absent, AskUser ends the task. */
  askUser?(question: string): Promise<UserTurn>;
  options: OfflineOptions;
  /** The pages other tasks' demonstrations recorded in the same apps: a tap this graph does not know may open one (walk-app-pages.ts). */
  appPages?: AppPages;
}

/**
 * The offline protocol (paper §4.2, Appendix H): the agent starts at the graph's start
 * node; an action is valid only if it matches an outgoing edge, which moves it to that
 * edge's target; success is Finish on a DONE node. Each step records the raw distance or
 * similarity to the nearest edge, so thresholds can be re-scored without the model.
 * Infrastructure errors (AgentInfrastructureError) propagate to the caller.
 */
export async function runOfflineTask(taskId: string, deps: OfflineDeps): Promise<TaskOutcome> {
  const { graph, agent, options } = deps;
  const nodes = new Map(graph.nodes.map((n) => [n.id, n]));
  // The agent stands on a set of nodes only where the graph cannot tell them apart (see GraphWalker); it sees the closest one.
  const walker = new GraphWalker(graph, options.match, deps.appPages ?? null);
  let node = nodes.get(graph.startNode)!;
  const history: AgentHistoryEntry[] = [];
  const path: string[] = [node.id];
  const onDone = (): boolean => walker.finish().success;
  let offGraphErrors = 0;
  let exit: ExitCategory = 'step_limit';
  let success = false;
  let steps = 0;

  for (let idx = 0; idx < options.maxSteps; idx++) {
    // A page a tap opened that no demonstration saw, or the page scrolled: shown so, never the recorded screen the walk has left.
    const { kind, scrolledPx, shown, recordedBy, stale, keyboardUnshown, lost } = walker.view;
    // Where the walk knows the demonstration saw another of the node's screens (the results after its Enter), that one
    // (the node's labelled controls are its representative's, so they go: nothing reads that screen by them).
    const seen = shown ? { ...node, representative: shown, controls: undefined } : node;
    const { observation, blob } = await deps.observe({
      node: seen,
      kind,
      scrolledPx,
      ...(stale ? { stale } : {}),
      ...(keyboardUnshown ? { keyboardUnshown } : {}),
      ...(lost ? { lost } : {}),
    });
    const r = await agent.step(observation, deps.instruction, history);
    steps++;
    const action: Action = r.action;
    const details: Record<string, unknown> = { node: node.id, nodes: [...walker.current].sort(), done: onDone() };
    if (kind !== 'recorded') details.view = kind;
    if (stale) details.stale = true;
    if (keyboardUnshown) details.keyboardUnshown = true;
    if (lost) details.lost = true;
    if (kind === 'scrolled') details.scrolledPx = scrolledPx;
    if (recordedBy !== undefined) Object.assign(details, { view: 'app-page', recordedBy });
    let stop: ExitCategory | null = null;

    if (action.type === 'Finish') {
      // Finish(status: failure) is the agent giving up, never a success even on a DONE node.
      const gaveUp = action.status === 'failure';
      const verdict = walker.finish();
      success = !gaveUp && verdict.success;
      details.finishOnDone = verdict.success;
      details.finish = { reason: verdict.reason, node: verdict.node, unmet: verdict.unmet.map((c) => c.id) };
      stop = gaveUp ? 'gave_up' : 'finished';
    } else if (action.type === 'AskUser') {
      // Asking does not move in the graph and is not an off-graph step; an answer goes back with the history.
      const turn = deps.askUser ? await deps.askUser(action.message) : null;
      if (turn) details.user = turn;
      if (turn?.answer) r.historyEntry.userReply = turn.answer;
      else stop = 'ask_user';
    } else if (action.type === 'ParseError') {
      details.parseError = action.reason;
      stop = 'parse_error';
    } else if (action.type === 'Wait' || action.type === 'Noop') {
      details.match = { matched: false, reason: `${action.type} keeps the screen` };
    } else {
      // An action an annotator marked wrong here stays off the graph; the step says so. It is checked before the walk,
      // which would read a tap it does not know as a look at another page (an excursion Back returns from).
      const known = knownWrongMatch(node, action, options.match);
      const m: ReturnType<typeof walker.act> = known ? { taken: null, nearest: null } : walker.act(action);
      details.match = m.taken
        ? {
            matched: true,
            edge: m.taken.edge?.id ?? null,
            to: walker.node,
            how: m.taken.how,
            ...(walker.offNodes ? { offNodes: true } : {}),
            rule: m.taken.result.rule,
            reason: m.taken.result.reason,
            distancePx: m.taken.result.distancePx,
            similarity: m.taken.result.similarity,
          }
        : {
            matched: false,
            nearestEdge: m.nearest?.edge.id ?? null,
            reason: known ? 'an annotator marked this action wrong here' : (m.nearest?.result.reason ?? 'no outgoing edge of this kind'),
            distancePx: m.nearest?.result.distancePx ?? null,
            similarity: m.nearest?.result.similarity ?? null,
            ...(known ? { knownWrong: { id: known.id, note: known.note } } : {}),
          };
      if (m.taken) {
        node = nodes.get(walker.node)!;
        path.push(node.id);
      } else if (options.offGraph === 'fail' || ++offGraphErrors >= options.maxOffGraphErrors) {
        stop = 'off_graph';
      }
    }
    deps.record({
      idx,
      action,
      raw: r.raw,
      observationBlob: blob,
      details,
      timings: r.timings,
      usage: r.usage,
      ...(r.request ? { request: r.request } : {}),
    });
    history.push(r.historyEntry);
    if (stop) {
      exit = stop;
      break;
    }
  }
  return {
    taskId,
    agent: agent.name,
    mode: 'offline',
    success,
    exit,
    steps,
    details: {
      finalNode: node.id,
      finalNodes: [...walker.current].sort(),
      finalDone: onDone(),
      path,
      offGraphErrors,
      goal: walkGoalProgress(graph.nodes, walker, options.match.textThreshold),
    },
  };
}
