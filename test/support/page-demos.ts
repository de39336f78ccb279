import type { Action } from '../../shared/domain/action.js';
import type { Demo, TapAlternatives, TaskGraph } from '../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../shared/domain/task-graph.js';
import type { UiHierarchy } from '../../shared/domain/ui-node.js';
import { toDemoStep } from '../../electron/core/graph/demo-step.js';
import { buildGraph } from '../../electron/core/graph/merge.js';
import type { GoalHints } from '../../electron/core/graph/text-slots.js';
import { DEFAULT_MATCH_OPTIONS } from '../../electron/core/graph/match.js';
import { GraphWalker } from '../../electron/core/graph/walk.js';
import { AppPages } from '../../electron/core/graph/walk-app-pages.js';
import { toPixels } from '../../electron/core/geometry/coordinates.js';
import { nodeAt, targetOf } from '../../shared/domain/ui-tree.js';

/** Demonstrations built from UI trees, for tests of what the walk does with a page (see core/graph/page-model.ts). */
export const screen = { width: 1080, height: 2400 };

/** One observation and the action taken on it (null on the last). */
export interface Shot {
  ui: UiHierarchy;
  action: Action | null;
  /** The activity, when the page is another one. */
  activity?: string;
  /** The app (package), when the page is another app's. */
  app?: string;
  /** An annotator's mark on the tap: which other options of its group do as well ('any', or their labels). */
  alternatives?: TapAlternatives;
}

/** A demonstration from its observations, each step as the recorder keeps it (the tapped point in pixels). */
export function demoOf(id: number, shots: readonly Shot[]): Demo {
  return {
    id,
    steps: shots.map((s, idx) =>
      toDemoStep(
        {
          ref: { demonstrationId: id, idx, screenshotBlob: null, xmlBlob: null },
          ui: s.ui,
          foreground: { package: s.app ?? 'com.example.app', activity: s.activity ?? 'MainActivity' },
          action: s.action,
          actionPx:
            s.action?.type === 'Tap'
              ? tapPx(s.ui, s.action.at)
              : s.action?.type === 'LongPress'
                ? { ...tapPx(s.ui, s.action.at), type: 'LongPress' as const, ms: s.action.ms ?? 800 }
                : null,
          screen,
          ...(s.alternatives ? { alternatives: s.alternatives } : {}),
        },
        DEFAULT_SIGNATURE_CONFIG,
      ),
    ),
  };
}

/** A tap as the recorder keeps it: in pixels, with the element it landed on. */
function tapPx(ui: UiHierarchy, at: { x: number; y: number }) {
  const p = toPixels(at, screen);
  const node = nodeAt(ui, p.x, p.y);
  const target = node ? targetOf(node) : null;
  return { type: 'Tap' as const, at: p, screen, ...(target ? { target } : {}) };
}

export function graphOf(demos: readonly Demo[], hints: GoalHints = {}): TaskGraph {
  return buildGraph('t', demos, DEFAULT_SIGNATURE_CONFIG, DEFAULT_MATCH_OPTIONS, 'reduce', hints);
}

/** A task's graph under its own id: what the walk needs to tell it from other tasks' recordings of the app. */
export const taskGraphOf = (taskId: string, demos: readonly Demo[], hints: GoalHints = {}): TaskGraph => ({
  ...graphOf(demos, hints),
  taskId,
});

/**
 * An agent's path walked offline: accepted when every action is taken and Finish succeeds. `others`: other tasks'
 * graphs of the same app, whose recordings the walk may consult (walk-app-pages.ts); none unless given.
 */
export function walkPath(
  g: TaskGraph,
  actions: readonly Action[],
  others?: readonly TaskGraph[],
): { accepted: boolean; reason: string; walker: GraphWalker } {
  const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS, others ? new AppPages([g, ...others]) : undefined);
  for (const [i, a] of actions.entries()) {
    const m = w.act(a);
    if (!m.taken)
      return { accepted: false, reason: `step ${i + 1} (${a.type}) off the graph: ${m.nearest?.result.reason ?? ''}`, walker: w };
  }
  const f = w.finish();
  return { accepted: f.success, reason: f.reason, walker: w };
}
