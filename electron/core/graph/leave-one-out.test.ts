import { describe, expect, it } from 'vitest';
import type { Demo } from '../../../shared/domain/task-graph.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { DEFAULT_MATCH_OPTIONS } from './match.js';
import { classifyRejection } from './leave-one-out.js';

/**
 * A recorded Type that submits is read as two steps of the graph (typed-then-enter.ts), both of the same recorded step:
 * a rejection there is named by the step's own action, not by the other half's edge.
 */
describe('leave-one-out: a recorded step read as two', () => {
  const box = b(40, 150, 1040, 280);
  const hit = b(0, 300, 1080, 450);
  const search = (q: string, rows: string[] = []) =>
    page('应用商店', field(q, '搜索应用', box, { resourceId: id('search'), focused: true }), ...rows.map((r) => button(r, hit)));
  // As the builder reads a hand-recorded Type that submits: its Enter shares the Type's recorded step.
  const split = (d: Demo, at: number): Demo => ({
    ...d,
    steps: d.steps.map((s, i) =>
      i > at ? { ...s, ref: { ...s.ref, idx: s.ref.idx - 1 } } : i === at ? { ...s, ref: d.steps[at - 1]!.ref } : s,
    ),
  });
  const hand = split(
    demoOf(1, [
      { ui: search(''), action: { type: 'Type', text: '挂号' } },
      { ui: search('挂号'), action: { type: 'Enter' } },
      { ui: search('挂号', ['挂号网']), action: tapAt(hit) },
      { ui: page('挂号网'), action: null, activity: 'DetailsActivity' },
    ]),
    1,
  );

  it('names the Type where the walk stopped at it, not the Enter that shares its recorded step', () => {
    const graph = graphOf([hand]);
    const r = classifyRejection(graph, hand, { demonstrationId: 1, accepted: false, matchedSteps: 0, reason: '' }, DEFAULT_MATCH_OPTIONS);
    expect(r.why).toMatch(/step 1 \(Type "挂号"\)/);
  });
});
