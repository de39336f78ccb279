import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { DEFAULT_MATCH_OPTIONS } from '../../../shared/domain/graph.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf } from '../../../test/support/page-demos.js';
import { GraphWalker } from './walk.js';

/**
 * A Type that submits (the `vlm` reply's `"submit": true`) is, on a phone, the text typed and then Enter
 * (perform-action.ts). The demonstrations record the two as steps of their own, and the walk takes them so (held-out set
 * AA: 哈尔滨 typed with submit, then the result; 300 typed with submit in the amount field whose Enter transfers).
 */
describe('a Type that submits', () => {
  const box = b(40, 150, 1040, 280);
  const row = b(0, 300, 1080, 450);
  const search = (query: string, rows: string[] = []) =>
    page(
      '城市管理',
      field(query, '搜索城市', box, { resourceId: id('search') }),
      ...rows.map((r, i) => button(r, b(0, 300 + i * 150, 1080, 450 + i * 150), { resourceId: id('city') })),
    );
  const graph = graphOf([
    demoOf(1, [
      { ui: search(''), action: tapAt(box) },
      { ui: search(''), action: { type: 'Type', text: '哈尔滨' } },
      { ui: search('哈尔滨'), action: { type: 'Enter' } },
      { ui: search('哈尔滨', ['哈尔滨']), action: tapAt(row) },
      { ui: page('哈尔滨', button('城市管理', b(0, 80, 300, 200))), action: null, activity: 'MainActivity' },
    ]),
  ]);
  const walk = (actions: readonly Action[]) => {
    const w = new GraphWalker(graph, DEFAULT_MATCH_OPTIONS);
    for (const a of actions) if (!w.act(a).taken) return false;
    return w.finish().success;
  };

  it('is the text typed, then Enter: the results stand, and the city picked from them is accepted', () => {
    expect(walk([tapAt(box), { type: 'Type', text: '哈尔滨', submit: true }, tapAt(row)])).toBe(true);
    // As two steps, the same.
    expect(walk([tapAt(box), { type: 'Type', text: '哈尔滨' }, { type: 'Enter' }, tapAt(row)])).toBe(true);
  });

  it('without its Enter the query stands unsubmitted: the row the results would show is not there', () => {
    expect(walk([tapAt(box), { type: 'Type', text: '哈尔滨' }, tapAt(row)])).toBe(false);
  });

  it('a wrong query submitted: its results no demonstration saw, so the row under the finger is not known', () => {
    const w = new GraphWalker(graph, DEFAULT_MATCH_OPTIONS);
    w.act(tapAt(box));
    expect(w.act({ type: 'Type', text: '北京', submit: true }).taken?.result.reason).toBe('the Enter of a Type that submits: same Enter');
    const pick = w.act(tapAt(row));
    expect(pick.taken).toBeNull();
    expect(pick.nearest?.result.reason).toContain('is not named by the query "北京"');
  });

  it('where a demonstration recorded the Type that submits as one step (the hand recorder does), its edge takes it whole', () => {
    const recorded = graphOf([
      demoOf(1, [
        { ui: search(''), action: tapAt(box) },
        { ui: search(''), action: { type: 'Type', text: '哈尔滨', submit: true } },
        { ui: search('哈尔滨', ['哈尔滨']), action: tapAt(row) },
        { ui: page('哈尔滨', button('城市管理', b(0, 80, 300, 200))), action: null, activity: 'MainActivity' },
      ]),
    ]);
    const w = new GraphWalker(recorded, DEFAULT_MATCH_OPTIONS);
    for (const a of [tapAt(box), { type: 'Type', text: '哈尔滨', submit: true } as const, tapAt(row)])
      expect(w.act(a).taken).not.toBeNull();
    expect(w.finish().success).toBe(true);
  });
});
