import { describe, expect, it } from 'vitest';
import type { Expectation } from './expectations.js';
import { expectationsOf } from './expectations.js';
import type { Snapshot } from './snapshot.js';
import { SideEffectTracker } from './tracker.js';

/**
 * A fake phone: each action applies one edit to the app state; snapshots read it. `replay(k)`
 * starts again from the setup and applies the first k edits, as the runner's replay does.
 */
type State = { alarms: { id: number; hour: number; label: string }[]; sent: { to: string; text: string }[] };
const START = (): State => ({
  alarms: [
    { id: 1, hour: 7, label: '' },
    { id: 2, hour: 8, label: '吃药' },
  ],
  sent: [],
});
const EDITS: Array<(s: State) => void> = [
  () => undefined, // open the app
  (s) => (s.alarms = s.alarms.filter((a) => a.id !== 2)), // delete 吃药 (unasked)
  () => undefined, // tap "add"
  (s) => s.alarms.push({ id: 3, hour: 6, label: '' }), // the asked-for alarm
];

function phone(snapshotMs: number) {
  let state = START();
  let snapshots = 0;
  const snapshot = async (): Promise<Snapshot> => {
    snapshots++;
    const s: State = JSON.parse(JSON.stringify(state)) as State;
    return {
      docs: new Map<string, unknown>([
        ['app/clock', { alarms: s.alarms, sent: s.sent }],
        ['alarms', s.alarms.map((a) => ({ package: 'clock', when: String(a.hour) }))],
      ]),
      coverage: [],
      ms: snapshotMs,
    };
  };
  return {
    snapshot,
    act: (i: number) => EDITS[i]!(state),
    replay: async (k: number) => {
      state = START();
      for (let i = 0; i < k; i++) EDITS[i]!(state);
      return snapshot();
    },
    get snapshots() {
      return snapshots;
    },
  };
}

const expectations: Expectation[] = expectationsOf({
  success_checks: [
    { probe: 'cmd vphone state clock', expect: { json_path: 'alarms[hour=6]', equals_json: { id: 3, hour: 6, label: '' } } },
  ],
});

async function play(t: SideEffectTracker, p: ReturnType<typeof phone>, clock: { t: number }, stepMs: number) {
  await t.start();
  for (let i = 0; i < EDITS.length; i++) {
    clock.t += stepMs;
    p.act(i);
    await t.afterAction(10 + i); // stored step indexes need not start at 0
  }
  return t.finish();
}

describe('SideEffectTracker', () => {
  it('a snapshot after every step names the step of each side effect; the alarm-manager row of the asked alarm is the same act', async () => {
    const p = phone(5);
    const clock = { t: 0 };
    const r = await play(new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'step', now: () => clock.t }), p, clock, 100);
    expect(r.method).toBe('step');
    expect(r.effects).toEqual([
      expect.objectContaining({
        step: 11,
        kind: 'deleted',
        irreversible: true,
        summary: expect.stringContaining('08:00'.slice(0, 0) || '吃药'),
      }),
    ]);
    // The platform alarm of 吃药 (disabled alarms have none here, but this fake lists every alarm) goes with the deletion.
    expect(r.effects[0]!.changes.map((c) => c.source).sort()).toEqual(['alarms', 'app/clock']);
    expect(r.expected.map((c) => c.source).sort()).toEqual(['alarms', 'app/clock']);
    expect(p.snapshots).toBe(EDITS.length + 2);
  });

  it('auto skips per-step snapshots when they cost more than a small share of a step, then bisects on replay', async () => {
    const p = phone(30);
    const clock = { t: 0 };
    const r = await play(
      new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'auto', replay: p.replay, now: () => clock.t }),
      p,
      clock,
      100,
    );
    expect(r.method).toBe('bisect');
    expect(r.effects.map((e) => [e.step, e.kind])).toEqual([[11, 'deleted']]);
    expect(r.replays).toBeGreaterThan(0);
    expect(r.replays).toBeLessThanOrEqual(3);
  });

  it('auto takes per-step snapshots when a step is slow (a model thinking) next to a snapshot', async () => {
    const p = phone(10);
    const clock = { t: 0 };
    const r = await play(
      new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'auto', replay: p.replay, now: () => clock.t }),
      p,
      clock,
      3000,
    );
    expect(r.method).toBe('step');
    expect(r.replays).toBeUndefined();
    expect(r.effects.map((e) => e.step)).toEqual([11]);
  });

  it('without per-step snapshots and without replay the side effect is reported without a step, and says why', async () => {
    const p = phone(30);
    const clock = { t: 0 };
    const r = await play(
      new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'bisect', now: () => clock.t }),
      p,
      clock,
      100,
    );
    expect(r.method).toBe('task');
    expect(r.effects.length).toBeGreaterThan(0);
    expect(r.effects.every((e) => e.step === null)).toBe(true);
    expect(r.note).toMatch(/steps are not known/);
  });

  it('the same path without the deletion has no side effect', async () => {
    const p = phone(5);
    const clock = { t: 0 };
    const t = new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'step', now: () => clock.t });
    await t.start();
    for (const i of [0, 2, 3]) {
      p.act(i);
      await t.afterAction(i);
    }
    const r = await t.finish();
    expect(r.effects).toEqual([]);
    expect(r.expected.length).toBeGreaterThan(0);
  });

  it('auto stops per-step snapshots once they have cost the per-task budget; the steps after are bisected only if needed', async () => {
    const p = phone(30); // the baseline, 3 snapshots after steps and the final one fit in 150 ms; a 4th after a step does not
    const clock = { t: 0 };
    const r = await play(
      new SideEffectTracker({ snapshot: p.snapshot, expectations, policy: 'auto', replay: p.replay, now: () => clock.t }),
      p,
      clock,
      3000,
    );
    expect(r.method).toBe('bisect');
    expect(r.snapshots).toBe(2 + 3);
    expect(r.effects.map((e) => e.step)).toEqual([11]); // seen between two snapshots after steps: no replay needed
    expect(r.replays).toBeUndefined();
  });

  it('bisecting on replay: provider rows written again with new _ids are the same rows, so a deletion is found at its own step', async () => {
    // An SMS provider: each play of the setup writes the rows (and their threads) again with fresh ids; step 1 opens a
    // thread (its message is marked read), step 3 deletes that thread, step 4 opens another.
    let nextId = 10;
    const rows = () => [
      { _id: nextId++, thread_id: nextId++, address: '13800000001', body: '周日回来吃饭吗？', read: '0' },
      { _id: nextId++, thread_id: nextId++, address: '10690000123', body: '恭喜您中奖！', read: '0' },
    ];
    let sms = rows();
    const edits: Array<() => void> = [
      () => undefined,
      () => (sms[1]!.read = '1'),
      () => undefined,
      () => (sms = sms.filter((r) => r.address !== '10690000123')),
      () => (sms[0]!.read = '1'),
    ];
    const snapshot = async (): Promise<Snapshot> => ({
      docs: new Map([['sms', JSON.parse(JSON.stringify(sms)) as unknown]]),
      coverage: [],
      ms: 1,
    });
    const t = new SideEffectTracker({
      snapshot,
      expectations: [],
      policy: 'bisect',
      replay: async (k) => {
        sms = rows();
        for (let i = 0; i < k; i++) edits[i]!();
        return snapshot();
      },
    });
    await t.start();
    for (let i = 0; i < edits.length; i++) {
      edits[i]!();
      await t.afterAction(i);
    }
    const r = await t.finish();
    expect(r.method).toBe('bisect');
    expect(r.effects.map((e) => [e.step, e.kind])).toEqual([[3, 'deleted']]);
  });
});
