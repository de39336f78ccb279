import { describe, expect, it } from 'vitest';
import type { AskInput } from './ask-metrics.js';
import { askMetrics, askTable } from './ask-metrics.js';
import type { PairedOutcome } from './run-compare.js';
import { compareAgents, comparisonTable } from './run-compare.js';
import type { DevicePort } from '../device/device-port.js';
import { applyVariant, parseWmDensity, VariantError } from './variants.js';

const row = (o: Partial<AskInput> & Pick<AskInput, 'taskId' | 'semantic'>): AskInput => ({
  agent: 'a',
  status: 'failure',
  success: false,
  hasFacts: false,
  asks: 0,
  answered: 0,
  userTokens: null,
  userMs: 0,
  ...o,
});

describe('asking metrics', () => {
  it('separates asking where it is needed from asking on clear instructions, over scored tasks only', () => {
    const m = askMetrics([
      row({
        taskId: 'u1',
        semantic: 'Under-specification',
        asks: 1,
        answered: 1,
        status: 'success',
        success: true,
        hasFacts: true,
        userTokens: 100,
        userMs: 500,
      }),
      row({
        taskId: 'r1',
        semantic: 'Referential Ambiguity',
        asks: 2,
        answered: 2,
        status: 'success',
        success: true,
        hasFacts: true,
        userTokens: 50,
        userMs: 250,
      }),
      row({ taskId: 'u2', semantic: 'Under-specification', hasFacts: true }),
      row({ taskId: 'c1', semantic: 'Clear and Explicit', asks: 1, answered: 1, userTokens: 10, userMs: 250 }),
      row({ taskId: 'c2', semantic: 'Clear and Explicit', status: 'success', success: true }),
      row({ taskId: 'x', semantic: 'Clear and Explicit', asks: 5, status: 'unresolved' }), // not scored: left out of rates
    ])[0]!;
    expect(m).toMatchObject({
      tasks: 5,
      askRate: 3 / 5,
      asksPerTask: 4 / 5,
      needTasks: 3,
      askRateNeeded: 2 / 3,
      clearTasks: 2,
      askRateClear: 1 / 2,
      factTasks: 3,
      askRateFacts: 2 / 3,
      turnsPerTask: (5 + 4) / 5,
      srAsked: 2 / 3,
      srNotAsked: 1 / 2,
      userTokens: 160,
      userS: 1,
    });
    expect(askTable([m], 'scripted').rows[0]).toMatchObject({ agent: 'a', askRate: 0.6 });
  });

  it('an agent that never asks has ask rate 0, and an unreported simulator usage makes the token total unknown', () => {
    const m = askMetrics([
      row({ taskId: 'u', semantic: 'Under-specification' }),
      row({ taskId: 'v', semantic: 'Under-specification', asks: 1, answered: 1, userTokens: null }),
    ])[0]!;
    expect(m.askRate).toBe(0.5);
    expect(m.askRateClear).toBeNull();
    expect(m.userTokens).toBeNull();
  });

  it('warns under the table about tasks where the simulated user told the agent how to use the phone, and only then', () => {
    const hinted = askMetrics([
      row({ taskId: 'u', semantic: 'Under-specification', asks: 1, answered: 1, operationHints: 1 }),
      row({ taskId: 'v', semantic: 'Under-specification', asks: 1, answered: 1 }),
    ]);
    expect(hinted[0]!.hintedTasks).toEqual(['u']);
    expect(askTable(hinted, 'simulated').notes.filter((n) => n.startsWith('Warning'))).toEqual([
      expect.stringContaining('how to operate the phone (after a reminder) on 1 task(s): u'),
    ]);
    const clean = askMetrics([row({ taskId: 'v', semantic: 'Under-specification', asks: 1, answered: 1 })]);
    expect(askTable(clean, 'simulated').notes.some((n) => n.startsWith('Warning'))).toBe(false);
  });
});

describe('comparing two runs of the same tasks', () => {
  const p = (taskId: string, a: boolean | null, b: boolean | null, agent = 'x'): PairedOutcome => ({ taskId, agent, mode: 'online', a, b });

  it('pairs by task, leaves out tasks one run did not score, and tests the discordant pairs exactly', () => {
    const rows = [
      ...Array.from({ length: 8 }, (_, i) => p(`gain${i}`, false, true)),
      p('loss', true, false),
      p('both', true, true),
      p('neither', false, false),
      p('invalid-in-b', true, null),
      p('gone', null, null),
    ];
    const [c] = compareAgents(rows);
    expect(c).toMatchObject({ agent: 'x', pairs: 11, successA: 2, successB: 9, unpaired: 1, mcnemar: { b: 1, c: 8, discordant: 9 } });
    expect(c!.delta).toBeCloseTo(7 / 11);
    expect(c!.mcnemar.pValue).toBeCloseTo(0.0390625, 10); // 2·P[X ≤ 1], X ~ Bin(9, ½)
    const t = comparisonTable([c!], { a: 'run-1 (user none)', b: 'run-2 (user scripted)' });
    expect(t.title).toContain('A = run-1 (user none), B = run-2 (user scripted)');
    expect(t.rows[0]).toMatchObject({ onlyA: 1, onlyB: 8, unpaired: 1 });
  });

  it('no difference gives Δ 0 and p = 1; per agent, never pooled', () => {
    const c = compareAgents([p('t1', true, true, 'a'), p('t2', false, false, 'a'), p('t1', false, true, 'b')]);
    expect(c.map((x) => [x.agent, x.delta, x.mcnemar.pValue])).toEqual([
      ['a', 0, 1],
      ['b', 1, 1],
    ]);
  });
});

describe('variant commands', () => {
  it('reads physical and override density from wm density', () => {
    expect(parseWmDensity('Physical density: 420\nOverride density: 483\n')).toEqual({ physical: 420, override: 483 });
    expect(parseWmDensity('Physical density: 440\n')).toEqual({ physical: 440, override: null });
    expect(parseWmDensity('cmd: Failure calling service window')).toEqual({ physical: null, override: null });
  });

  it('restores dark mode to what it was (auto stays auto) and refuses a device whose density it cannot read', async () => {
    const log: string[] = [];
    let night = '0';
    const d = {
      serial: 's',
      shell: async (c: string) => {
        log.push(c);
        if (c === 'settings get secure ui_night_mode') return `${night}\n`;
        const m = /^cmd uimode night (\w+)$/.exec(c);
        if (m) night = { yes: '2', no: '1', auto: '0' }[m[1]!]!;
        return c === 'wm density' ? 'no such command\n' : '';
      },
    } as unknown as DevicePort;
    const v = await applyVariant(d, 'dark');
    expect(night).toBe('2');
    await v.restore();
    expect(log.at(-1)).toBe('cmd uimode night auto');
    await expect(applyVariant(d, 'display-large')).rejects.toBeInstanceOf(VariantError);
  });
});
