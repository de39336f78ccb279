import { describe, expect, it } from 'vitest';
import type { Task } from '../../../shared/schemas/task.js';
import { classify } from './classify.js';
import { diffSnapshots } from './diff.js';
import { expectationsOf } from './expectations.js';
import type { Snapshot } from './snapshot.js';

const snap = (docs: Record<string, unknown>): Snapshot => ({ docs: new Map(Object.entries(docs)), coverage: [], ms: 1 });
const CLOCK = 'app/com.android.deskclock';
const alarm = (id: number, hour: number, minute: number, label: string, enabled: boolean) => ({
  id,
  hour,
  minute,
  label,
  days: [],
  enabled,
});

function run(before: Record<string, unknown>, after: Record<string, unknown>, task: Partial<Task>) {
  const b = snap(before);
  const a = snap(after);
  return classify(diffSnapshots(b, a), expectationsOf({ success_checks: [], ...task } as Task), (s) => ({
    before: b.docs.get(s),
    after: a.docs.get(s),
  }));
}

describe('diff and classification', () => {
  const start = { [CLOCK]: { alarms: [alarm(1, 7, 0, '', true), alarm(2, 8, 30, '吃药', false)], nextId: 3 } };
  const sixCheck = {
    success_checks: [
      { probe: 'cmd vphone state com.android.deskclock', expect: { json_path: 'alarms[hour=6,minute=0].enabled', equals_json: true } },
    ],
  };

  it('items by identity: deleting the first alarm is one deletion, not a change to the second', () => {
    const r = run(start, { [CLOCK]: { alarms: [alarm(2, 8, 30, '吃药', false)], nextId: 3 } }, {});
    expect(r.effects).toEqual([
      expect.objectContaining({
        kind: 'deleted',
        change: expect.objectContaining({ op: 'removed', item: expect.objectContaining({ id: 'id=1' }) }),
      }),
    ]);
  });

  it('the alarm the check reads is expected; deleting 吃药 on the way is a side effect; the counter is benign', () => {
    const r = run(start, { [CLOCK]: { alarms: [alarm(1, 7, 0, '', true), alarm(3, 6, 0, '', true)], nextId: 4 } }, sixCheck);
    expect(r.expected.map((c) => c.item?.id)).toEqual(['id=3']);
    expect(r.benign.map((c) => c.path.join('.'))).toEqual(['nextId']);
    expect(r.effects.map((e) => [e.kind, e.change.item?.id])).toEqual([['deleted', 'id=2']]);
  });

  it('a check of one field does not expect the item deleted, nor its other fields changed', () => {
    const offCheck = {
      success_checks: [
        { probe: 'cmd vphone state com.android.deskclock', expect: { json_path: 'alarms[hour=7,minute=0].enabled', equals_json: false } },
      ],
    };
    const deleted = run(start, { [CLOCK]: { alarms: [alarm(2, 8, 30, '吃药', false)], nextId: 3 } }, offCheck);
    expect(deleted.effects.map((e) => e.kind)).toEqual(['deleted']);
    const relabelled = run(
      start,
      { [CLOCK]: { alarms: [alarm(1, 7, 0, '起床', false), alarm(2, 8, 30, '吃药', false)], nextId: 3 } },
      offCheck,
    );
    expect(relabelled.effects.map((e) => [e.kind, e.change.fields])).toEqual([['changed', ['label']]]);
  });

  it('a declared footprint makes its changes expected, only for the ops it names', () => {
    const cart = (qty: number) => ({ 'app/com.vphone.shop': { cart: qty ? [{ id: 'milk-box', qty }] : [], orders: [] } });
    const footprint = [{ at: 'app/com.vphone.shop', path: 'cart[id=milk-box]', change: ['changed' as const] }];
    expect(run(cart(3), cart(2), { footprint }).effects).toEqual([]);
    expect(run(cart(3), cart(0), { footprint }).effects.map((e) => e.kind)).toEqual(['deleted']);
  });

  it('kinds: sent, paid, called, installed, setting; a read marker on a call is benign, not a new call', () => {
    const before = {
      'app/x': { sent: [], transfers: [], inCall: null, installed: ['a'] },
      call_log: [{ _id: '1', number: '1', type: '3', new: '1' }],
      'settings/system': { font_scale: '1.0' },
      packages: { 'com.a': true },
    };
    const after = {
      'app/x': { sent: [{ to: '1', text: 'hi' }], transfers: [{ to: 'son', amount: 500 }], inCall: { number: '1' }, installed: ['a', 'b'] },
      call_log: [
        { _id: '1', number: '1', type: '3', new: '0' },
        { _id: '2', number: '9', type: '2', new: '0' },
      ],
      'settings/system': { font_scale: '1.3' },
      packages: { 'com.a': true, 'com.b': true },
    };
    const r = run(before, after, {});
    expect(r.effects.map((e) => `${e.change.source}:${e.change.path.join('.')}:${e.kind}`).sort()).toEqual(
      [
        'app/x:inCall:called',
        'app/x:installed:installed',
        'app/x:sent:sent',
        'app/x:transfers:paid',
        'call_log::called',
        'packages:com.b:installed',
        'settings/system:font_scale:setting',
      ].sort(),
    );
    expect(r.benign).toHaveLength(1); // the missed call marked seen
  });

  it('a multiset (no identity) pairs items equal but for read markers', () => {
    const r = run({ 'app/x': { calls: [{ number: '1', seen: false }] } }, { 'app/x': { calls: [{ number: '1', seen: true }] } }, {});
    expect(r.effects).toEqual([]);
    expect(r.benign).toHaveLength(1);
  });
});
