import type { Action } from '../../../../shared/domain/action.js';
import type { ObservationRef, TapOption, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { graphScreen } from '../../../../shared/domain/task-graph.js';
import type { OfflineVerdict } from '../../../../shared/domain/graph-explore.js';
import { ZERO_USAGE } from '../../agents/agent.js';
import { vlmFamily } from '../../agents/families/vlm.js';
import { vlmReplyFor } from '../../agents/families/vlm-reply.js';
import type { ImagePort } from '../../agents/image-port.js';
import { ModelAgent } from '../../agents/model-agent.js';
import type { ChatResponse, ModelPort } from '../../agents/model-port.js';
import type { AppPages } from '../walk-app-pages.js';
import type { MatchOptions } from '../match.js';
import { runOfflineTask } from '../../eval/offline-runner.js';
import type { UserTurn } from '../../user/user-turn.js';
import type { ShownScreen } from './aim.js';
import { actsOnUnshown, aimByLabel } from './aim.js';

/** A model that answers each request with the next reply of a script (each made when it is asked for), then Finish. */
function scriptedModel(reply: (k: number) => string | null): ModelPort {
  let k = 0;
  return {
    complete: async (): Promise<ChatResponse> => ({
      content: reply(k++) ?? vlmReplyFor(null)!,
      reasoningContent: '',
      finishReason: 'stop',
      usage: ZERO_USAGE,
      latencyMs: 0,
      retriedMs: 0,
      attempts: 1,
    }),
  };
}

/** The screenshot is not what is tested here: the model's replies are fixed. */
const noImages: ImagePort = {
  encode: async (_png, o) => ({
    dataUrl: 'data:image/png;base64,',
    width: o.resizeTo?.width ?? 1080,
    height: o.resizeTo?.height ?? 2400,
    mime: 'image/png',
  }),
};
const PLACEHOLDER = new Uint8Array([0]);

/**
 * Walks an action sequence offline exactly as a run does for a model behind the `vlm` adapter: each
 * action becomes the model's reply in the `vlm` format, the adapter parses it (its grid, its action
 * set), and the offline runner walks the graph and scores Finish — the same code as `run --mode offline`.
 * `targets` (per action, the label of the element a tap hit on the phone): the tap is made where the screen
 * the run shows has that element, as an agent shown that screen would (aim.ts). `askUser` answers an AskUser as a run's
 * user does (`run --user scripted`); without it, asking ends the walk, as in a run without a user.
 */
export async function walkAsVlmAgent(
  graph: TaskGraph,
  task: { id: string; instruction: string; maxSteps: number },
  actions: readonly Action[],
  match: MatchOptions,
  targets: readonly (string | null)[] = [],
  appPages?: AppPages,
  askUser?: (question: string) => Promise<UserTurn>,
  /**
   * The labelled controls of a recorded screen the run shows instead of its node's representative (the results a
   * demonstration saw after its Enter): an agent aims at what that screen shows. Without it, such a screen's taps stay
   * where the phone had them.
   */
  controlsOf?: (shot: ObservationRef) => Promise<TapOption[] | null>,
): Promise<OfflineVerdict> {
  for (const a of actions) if (vlmReplyFor(a) === null) throw new Error(`a vlm agent cannot send ${a.type}`);
  const screen = graphScreen(graph);
  let shown: ShownScreen = { node: undefined, kind: 'recorded', scrolledPx: 0 };
  let sent: Action | null = null;
  const reply = (k: number): string | null => {
    const a = actions[k];
    sent = a === undefined ? null : aimByLabel(a, targets[k] ?? null, shown, screen);
    return sent === null ? null : vlmReplyFor(sent);
  };
  const agent = new ModelAgent({ name: 'explore', adapter: 'vlm' }, vlmFamily, { model: scriptedModel(reply), images: noImages });
  let last: Record<string, unknown> = {};
  const outcome = await runOfflineTask(task.id, {
    graph,
    agent,
    instruction: task.instruction,
    observe: async (view) => {
      const controls = view.node.controls === undefined && controlsOf ? await controlsOf(view.node.representative) : null;
      shown = controls ? { ...view, node: { ...view.node, controls } } : view;
      return { observation: { screenshot: PLACEHOLDER, screen, ui: null }, blob: null };
    },
    record: (step) => {
      last = step.details;
    },
    options: { match, offGraph: 'fail', maxOffGraphErrors: 3, maxSteps: task.maxSteps },
    ...(appPages ? { appPages } : {}),
    ...(askUser ? { askUser } : {}),
  });
  const m = last['match'] as { reason?: string } | undefined;
  const f = last['finish'] as { reason?: string } | undefined;
  return {
    accepted: outcome.success,
    exit: outcome.exit,
    reason: f?.reason ?? (m?.reason ? `step ${outcome.steps}: ${m.reason}` : outcome.exit),
    // The step the run stopped on is the action that met the unrecorded screen (or Finish, after the last action).
    ...(!outcome.success && actsOnUnshown(sent, shown, screen) ? { unshown: true, unshownAfter: Math.max(0, outcome.steps - 1) } : {}),
  };
}
