import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { UiNode } from '../../../shared/domain/ui-node.js';
import { b, button, field, id, page, tapAt } from '../../../test/support/ui-builder.js';
import { demoOf, graphOf, walkPath } from '../../../test/support/page-demos.js';

/**
 * A transfer: the amount typed, 转账 (the goal action), and the result page the demonstrations finished on. Its 完成,
 * which no demonstration pressed, closes it: the transfer stands (walk-dismiss.ts).
 */
describe('the result page closed by its 完成 after the goal', () => {
  const amount = b(40, 400, 1040, 520);
  const pay = b(40, 600, 1040, 720);
  const formDone = b(40, 800, 1040, 920);
  const done = b(40, 1000, 1040, 1120);
  const again = b(40, 1200, 1040, 1320);
  const note = b(40, 1400, 1040, 1520);
  const form = (value: string, focused = false) =>
    page(
      '转账给 女儿',
      field(value, '金额（元）', amount, { resourceId: id('amount'), focused }),
      button('转账', pay),
      button('完成', formDone),
    );
  const result = (...extra: UiNode[]) => page('转账成功', button('完成', done), button('再转一笔', again), ...extra);
  const demo = (id: number, resultPage: ReturnType<typeof result>) =>
    demoOf(id, [
      { ui: form(''), action: tapAt(amount), activity: 'TransferActivity' },
      { ui: form('', true), action: { type: 'Type', text: '200' }, activity: 'TransferActivity' },
      { ui: form('200', true), action: tapAt(pay), activity: 'TransferActivity' },
      { ui: resultPage, action: null, activity: 'ResultActivity' },
    ]);
  const g = graphOf([demo(1, result())]);
  const paid: Action[] = [tapAt(amount), { type: 'Type', text: '200' }, tapAt(pay)];

  it('must pass: 转账, then 完成 — and Back or Home after it', () => {
    const plain = walkPath(g, paid);
    expect(plain.accepted, plain.reason).toBe(true);
    const closed = walkPath(g, [...paid, tapAt(done)]);
    expect(closed.accepted, closed.reason).toBe(true);
    expect(walkPath(g, [...paid, tapAt(done), { type: 'Back' }]).accepted).toBe(true);
    expect(walkPath(g, [...paid, tapAt(done), { type: 'Home' }]).accepted).toBe(true);
  });

  it('must fail: another button of the result page (再转一笔 opens a new transfer), anything pressed after 完成, or 完成 before the goal', () => {
    expect(walkPath(g, [...paid, tapAt(again)]).accepted).toBe(false);
    const after = walkPath(g, [...paid, tapAt(done), tapAt(pay)]);
    expect(after.accepted).toBe(false);
    expect(after.reason).toMatch(/after Back off a page no recording shows below/);
    // The form's own 完成 (no goal yet): a tap the graph does not know.
    expect(walkPath(g, [tapAt(amount), { type: 'Type', text: '200' }, tapAt(formDone)]).accepted).toBe(false);
    // The wrong amount: 完成 does not make it right.
    expect(walkPath(g, [tapAt(amount), { type: 'Type', text: '300' }, tapAt(pay), tapAt(done)]).accepted).toBe(false);
  });

  it('must fail: a result page that holds a field (a note to add) — its 完成 may commit what it holds', () => {
    const withNote = graphOf([demo(1, result(field('', '备注', note)))]);
    expect(walkPath(withNote, paid).accepted).toBe(true);
    expect(walkPath(withNote, [...paid, tapAt(done)]).accepted).toBe(false);
  });
});
