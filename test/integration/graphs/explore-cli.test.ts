import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExploreSummary, ExploredPath } from '../../../shared/domain/graph-explore.js';
import { cliToEnd } from '../../support/cli-process.js';
import { copyOfSharedDemo } from '../../support/shared-demo.js';

/**
 * `graph explore` end to end, as a lab runs it: the sample set's `demo` workspace (graphs built from the human
 * demonstrations alone), then a few tasks' apps explored (`graph explore a,b,c`) on a virtual phone of the
 * explorer's own. The ground truth is the task's checks on the phone; the verdicts come from the offline runner walking
 * each path as a `vlm` model's replies.
 */
const TASKS = ['wallet-transfer-son', 'clock-alarm-six', 'gallery-share-grandson', 'messages-block-spam', 'clock-timer-eggs'];
/**
 * Tasks whose graphs meet the published targets today (the whole sample set does not yet: README, docs/graphs.md
 * §5): a transfer with the corrected-away amount, a free choice of photo, a number blocked by two routes, a timer whose
 * app has a tab bar (a look at another tab and back, and presets overshot and corrected, must be accepted).
 */
const BOUNDED = ['wallet-transfer-son', 'gallery-share-grandson', 'messages-block-spam', 'clock-timer-eggs'];

describe('graph explore through the CLI', () => {
  let dir = '';
  let ws = '';
  let summary: ExploreSummary;
  const cli = (args: string[]) => cliToEnd(['--workspace', ws, ...args]);
  const paths = (taskId: string): ExploredPath[] => {
    const t = summary.tasks.find((x) => x.taskId === taskId)!;
    return [...t.disagreements];
  };

  beforeAll(async () => {
    // The suite's demo workspace (graphs from the human demonstrations alone), copied; four of its tasks explored.
    dir = mkdtempSync(join(tmpdir(), 'eb-explore-'));
    ws = (await copyOfSharedDemo(dir)).workspace;
    const r = await cli(['--json', 'graph', 'explore', TASKS.join(',')]);
    expect(r.code, r.stderr).toBe(0);
    summary = JSON.parse(r.stdout) as ExploreSummary;
  }, 3_000_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints one JSON object: paths, right, wrong, false accepts and rejects, and per task what was explored', () => {
    expect(summary).toMatchObject({ paths: expect.any(Number), right: expect.any(Number), wrong: expect.any(Number) });
    expect(summary.tasks.map((t) => t.taskId).sort()).toEqual([...TASKS].sort());
    expect(summary.paths).toBe(summary.right + summary.wrong);
    // The share without the right paths that also changed something else, from the tasks' own counts.
    const of = (f: (t: ExploreSummary['tasks'][number]) => number): number => summary.tasks.reduce((a, t) => a + f(t), 0);
    const clean = of((t) => t.rightWithinBound - t.sideEffectWithinBound);
    const cleanRejects = of((t) => t.falseRejectsWithinBound - t.sideEffectRejectsWithinBound);
    expect(summary.falseRejectRateWithoutSideEffects).toBeCloseTo(clean === 0 ? 0 : cleanRejects / clean, 9);
    expect(summary.paths).toBeGreaterThanOrEqual(100);
    expect(summary.unexplorable).toEqual([]);
    for (const t of summary.tasks) {
      expect(t, t.taskId).toMatchObject({ explorable: true, graphVersion: 1 });
      expect(t.right, t.taskId).toBeGreaterThan(0);
      expect(t.wrong, t.taskId).toBeGreaterThan(0);
      expect(t.states, t.taskId).toBeGreaterThan(10);
      expect(t.transitions, t.taskId).toBeLessThanOrEqual(t.budget + 100 + 60);
      // Paths played again from the setup, without snapshots, end where exploration said.
      expect(t.verified, t.taskId).toBeGreaterThan(0);
      expect(t.verifyMismatches, t.taskId).toBe(0);
    }
  });

  it("ground truth is the phone's: the demonstrated routes pass and are accepted; near misses fail on the phone", () => {
    for (const t of summary.tasks) {
      expect(t.byKind.demonstrated?.paths ?? 0, t.taskId).toBeGreaterThan(0);
      expect(t.byKind.demonstrated?.falseRejects ?? 0, t.taskId).toBe(0);
      for (const d of t.disagreements) {
        // A disagreement is right on the phone and rejected, or wrong on the phone and accepted.
        expect(d.phone.pass, `${t.taskId} ${d.description}`).toBe(d.verdict === 'false-reject');
        expect(d.intent).toBe(d.phone.pass ? 'right' : 'wrong');
      }
    }
    // The corrected-away amount and the neighbouring ones are typed on the transfer page, and fail there.
    const wallet = summary.tasks.find((t) => t.taskId === 'wallet-transfer-son')!;
    expect(wallet.byKind['other-value']?.paths ?? 0).toBeGreaterThan(0);
    expect(wallet.byKind['other-value']?.falseAccepts ?? 0).toBe(0);
    // The demonstration that cleared the hour field, redone as a vlm agent can (typing appends to "07"), is wrong on the phone.
    const alarm = summary.tasks.find((t) => t.taskId === 'clock-alarm-six')!;
    expect(alarm.byKind['as-agent']?.paths).toBe(1);
  });

  it('lists the right routes the graph does not know, with their actions and the states they reach', () => {
    for (const t of summary.tasks) {
      expect(t.unknownRoutes.length, t.taskId).toBe(paths(t.taskId).filter((d) => d.verdict === 'false-reject').length);
      for (const u of t.unknownRoutes) {
        expect(u.actions.length).toBe(u.states.length);
        expect(u.actions.length).toBe(u.windows.length);
        expect(u.reason).not.toBe('');
      }
    }
  });

  it('names the page the run could not show where a right path was refused: the 07:00 alarm editor no demonstration opened', () => {
    const shownOnly = summary.tasks.flatMap((t) => t.disagreements.filter((d) => d.unshownPage !== undefined));
    for (const d of shownOnly) {
      expect(d.offline.unshown, d.description).toBe(true);
      // A window the phone was on along the path (or where it started).
      expect(d.offline.unshownAfter === 0 || d.windows.includes(d.unshownPage!), d.description).toBe(true);
    }
    // Opened from the list, then Up or 保存 there: the phone was on the editor, which no demonstration of the task shows.
    const editor = paths('clock-alarm-six').filter(
      (d) => d.verdict === 'false-reject' && d.description.startsWith('open the app → tap 07:00'),
    );
    expect(editor.length).toBeGreaterThan(0);
    for (const d of editor) expect(d.unshownPage, d.description).toBe('clock.alarm_edit');
    const page = summary.unshownPages.find((u) => u.page === 'clock.alarm_edit');
    expect(page?.tasks).toContain('clock-alarm-six');
    // Every same-route refusal where the run showed nothing recorded is on a page listed.
    expect(summary.unshownPages.reduce((a, u) => a + u.sameRoute, 0)).toBe(summary.sameRouteUnshown);
  });

  it('meets the targets on these tasks: false accepts ≤ 0.5% of wrong paths, false rejects ≤ 20% of right ones, none of the same route', () => {
    const tasks = summary.tasks.filter((t) => BOUNDED.includes(t.taskId));
    const sum = (f: (t: (typeof tasks)[number]) => number): number => tasks.reduce((a, t) => a + f(t), 0);
    const wrong = sum((t) => t.wrong);
    const right = sum((t) => t.rightWithinBound);
    expect(wrong).toBeGreaterThan(50);
    expect(right).toBeGreaterThan(30);
    const detail = tasks.flatMap((t) =>
      t.disagreements.map((d) => `${t.taskId} ${d.verdict} ${d.kind}: ${d.description} (${d.offline.reason})`),
    );
    expect(sum((t) => t.falseAccepts) / wrong, detail.join('\n')).toBeLessThanOrEqual(0.005);
    expect(sum((t) => t.falseRejectsWithinBound) / right, detail.join('\n')).toBeLessThanOrEqual(0.2);
    const same = ['demonstrated', 'back-and-forth', 'overshoot-and-correct', 'field-order', 'text-semantics'] as const;
    expect(
      sum((t) => same.reduce((a, k) => a + (t.byKind[k]?.falseRejects ?? 0), 0)),
      detail.join('\n'),
    ).toBe(0);
  });

  it('never explores on a named device without --allow-side-effects', async () => {
    const r = await cli(['graph', 'explore', 'wallet-transfer-son', '--device', 'emulator-5554']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--allow-side-effects/);
  });
});
