import type { GraphNode, SignatureConfig, TaskGraph } from '../../../shared/domain/task-graph.js';
import type { GoalProgress } from '../../../shared/domain/run-records.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import { flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import type { Foreground } from '../device/device-port.js';
import { sameState } from '../graph/compare.js';
import { contentCandidates, keyboardLikelyUp } from '../graph/content.js';
import { contentModel, contentUnder, withContent } from '../graph/content-keys.js';
import { pressKey, recordValues, unmetConditions } from '../graph/goal-conditions.js';
import type { MatchOptions } from '../graph/match.js';
import { computeSignature, pageKey } from '../graph/signature.js';
import type { Judge, JudgeContext } from './judge.js';
import type { JudgeVerdict } from './outcome.js';

/** A task's graph as the state judge needs it, or null when the task has none. */
export type GraphOf = (taskId: string) => { graph: TaskGraph; signature: SignatureConfig; match: MatchOptions } | null;

/**
 * The `state` judge: the same goal conditions that decide an offline Finish, checked on an online
 * trajectory. The final screen must be one of the graph's DONE states, and the trajectory's content —
 * the last value each content key showed (what was typed, chosen, stepped) — must meet that DONE
 * node's goal conditions; a `shown` condition is checked on the final screen's texts. A task without a
 * graph cannot be judged this way (`pass: null`). It reads only what the phone showed, so it also runs
 * on apps whose state no shell probe can reach.
 */
export function stateJudge(graphOf: GraphOf): Judge {
  return {
    kind: 'state',
    async judge(ctx: JudgeContext): Promise<JudgeVerdict> {
      const t0 = performance.now();
      const verdict = (pass: boolean | null, reason: string, goal?: GoalProgress | null): JudgeVerdict => ({
        judge: 'state',
        pass,
        reason,
        ms: performance.now() - t0,
        ...(goal !== undefined ? { goal } : {}),
      });
      const found = graphOf(ctx.task.id);
      if (!found) return verdict(null, `task ${ctx.task.id} has no graph; build one (elderbench graph build) to judge by state`);
      const final = ctx.trajectory?.at(-1);
      if (!final?.ui) return verdict(null, 'the final screen has no readable UI dump');
      const { graph, signature: cfg, match } = found;
      const model = contentModel(graph.contentKeys ?? [], graph.freeKeys ?? [], graph.listedKeys ?? []);
      const sign = (ui: UiHierarchy, fg: Foreground | null) => {
        const sig = computeSignature(ui, fg, cfg);
        const page = pageKey(sig);
        const candidates = contentCandidates(ui, cfg, page);
        return { sig: withContent(sig, contentUnder(model, candidates, page, keyboardLikelyUp(ui))), candidates };
      };
      // What the trajectory committed: the last value each content key showed.
      const record = new Map<string, string>();
      for (const o of ctx.trajectory ?? []) {
        if (!o.ui) continue;
        for (const v of sign(o.ui, o.foreground).candidates) if (model.keys.has(v.key)) record.set(v.key, v.value);
      }
      // Keys whose effect the screen does not show (volume) count by their presses.
      for (const o of ctx.trajectory ?? [])
        if (o.action?.type === 'Key') record.set(pressKey(o.action.key), String(Number(record.get(pressKey(o.action.key)) ?? 0) + 1));
      const end = sign(final.ui, final.foreground).sig;
      const texts = flattenUi(final.ui).map(labelOf).filter(Boolean);
      const done = graph.nodes.filter((n) => n.done && sameState(n.signature, end, cfg));
      // Partial credit: the DONE page and its conditions; off every DONE page, the conditions the content still met.
      const progress = (n: GraphNode, onPage: boolean): GoalProgress => {
        const conditions = (n.goal ?? []).filter((c) => c.kind !== 'shown');
        const met = conditions.length - unmetConditions(conditions, record, match.textThreshold).length;
        return { met: met + (onPage ? 1 : 0), total: conditions.length + 1 };
      };
      const best = (gs: GoalProgress[]): GoalProgress | null =>
        gs.reduce<GoalProgress | null>((b, g) => (!b || g.met / g.total > b.met / b.total ? g : b), null);
      if (done.length === 0)
        return verdict(
          false,
          "the final screen is none of the graph's DONE states",
          best(graph.nodes.filter((n) => n.done).map((n) => progress(n, false))),
        );
      let closest: string | null = null;
      for (const n of done) {
        const unmet = unmetConditions(n.goal, record, match.textThreshold, texts);
        if (unmet.length === 0)
          return verdict(
            true,
            `the final screen is DONE state ${n.id}${n.goal?.length ? ', its goal conditions met' : ''}`,
            progress(n, true),
          );
        closest ??= `the final screen is DONE state ${n.id} but ${unmet.map((u) => `${u.label} should be "${u.expected}" (was "${recordValues(record, u.key).join('", "')}")`).join('; ')}`;
      }
      return verdict(false, closest!, best(done.map((n) => progress(n, true))));
    },
    // Before the agent acts there is no trajectory to judge; the task's shell checks decide invalidity.
    alreadyPasses: async () => false,
  };
}
