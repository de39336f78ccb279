import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../shared/domain/action.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { b, button, field, id, n, page, tapAt } from '../../../../test/support/ui-builder.js';
import { toDemoStep } from '../demo-step.js';
import { DEFAULT_MATCH_OPTIONS } from '../match.js';
import { buildGraph } from '../merge.js';
import type { ProbeDemo } from './variants.js';
import { changedText, generateVariants } from './variants.js';
import { judgeOnDevice, judgeStructurally, summarizeProbe, summarizeTask, walkVariant } from './verdicts.js';

const screen = { width: 1080, height: 2400 };
const fg = { package: 'com.example.app', activity: 'PayActivity' };
const presets = (amount: string) => page('转账给 儿子',
  field(amount, '金额（元）', b(40, 300, 1040, 420), { resourceId: id('amount') }),
  n({ className: 'android.widget.GridLayout', resourceId: id('presets'), bounds: b(0, 500, 1080, 650), children: [button('50元', b(0, 500, 360, 650)), button('100元', b(360, 500, 720, 650)), button('200元', b(720, 500, 1080, 650))] }),
  button('转账', b(40, 900, 1040, 1050), { resourceId: id('confirm') }));
const done = page('转账成功', button('完成', b(40, 900, 1040, 1050), { resourceId: id('done') }));

const typeAmount: Action = { type: 'Type', text: '300' };
const tapField = tapAt(b(40, 300, 1040, 420));
const tapConfirm = tapAt(b(40, 900, 1040, 1050));
/** A transfer demonstration: focus the field, type 300, confirm (or tap the 100元 preset, confirm); each observation as the recorder keeps it. */
function transferDemo(id: number, preset = false) {
  const obs = preset ? [presets(''), presets('100'), done] : [presets(''), presets(''), presets('300'), done];
  const actions = preset ? [tapAt(b(360, 500, 720, 650)), tapConfirm, null] : [tapField, typeAmount, tapConfirm, null];
  const steps = obs.map((u, idx) => toDemoStep({
    ref: { demonstrationId: id, idx, screenshotBlob: null, xmlBlob: null }, ui: u, foreground: fg, action: actions[idx]!,
    actionPx: actions[idx]?.type === 'Tap' ? { type: 'Tap', at: { x: Math.floor((actions[idx] as { at: { x: number } }).at.x * 1.08), y: Math.floor((actions[idx] as { at: { y: number } }).at.y * 2.4) }, screen } : null, screen,
  }, DEFAULT_SIGNATURE_CONFIG));
  const probe: ProbeDemo = { id, screen, steps: steps.map((s, i) => ({ action: s.action, ui: obs[i]!, content: s.content, page: s.page })) };
  return { demo: { id, steps }, probe };
}

describe('probe variants and verdicts', () => {
  const d1 = transferDemo(1);
  const graph = buildGraph('transfer', [d1.demo], DEFAULT_SIGNATURE_CONFIG);
  const variants = generateVariants(graph, [d1.probe]);

  it('the typed amount is content: the page before and after typing are two states, the confirm edge leaves the typed one', () => {
    const before = graph.nodes.find((x) => x.members.some((m) => m.idx === 1))!;
    const after = graph.nodes.find((x) => x.members.some((m) => m.idx === 2))!;
    expect(before.id).not.toBe(after.id);
    expect(graph.edges.find((e) => e.action.type === 'Type')!.effects).toEqual([expect.objectContaining({ value: '300' })]);
    expect(graph.nodes.find((x) => x.done)!.goal).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'typed', expected: '300', match: 'exact' })]));
  });

  it('generates right and wrong variants: the demonstration, Finish early, the amount skipped or changed, a sibling option', () => {
    const kinds = variants.map((v) => v.kind);
    expect(kinds).toEqual(expect.arrayContaining(['demonstration', 'finish-early', 'skip-content', 'change-text']));
    expect(variants.find((v) => v.kind === 'change-text')!.actions).toContainEqual({ type: 'Type', text: '400' });
    expect(variants.find((v) => v.kind === 'skip-content')!.actions).not.toContainEqual(typeAmount);
    expect(new Set(variants.map((v) => JSON.stringify(v.actions))).size).toBe(variants.length);
    expect(changedText('周日我准时到')).not.toBe('周日我准时到');
  });

  it('the graph accepts the demonstration and rejects every wrong variant built from it', () => {
    for (const v of variants) {
      const r = walkVariant(graph, v.actions, DEFAULT_MATCH_OPTIONS);
      expect(r.accepted, `${v.description}: ${r.reason}`).toBe(v.intent === 'right');
    }
  });

  it('a device verdict that differs from the graph\'s is a false accept or a false reject; agreement and unplayable are counted apart', () => {
    const right = variants.find((v) => v.kind === 'demonstration')!;
    const wrong = variants.find((v) => v.kind === 'skip-content')!;
    const acc = { accepted: true, reason: 'reached DONE' };
    const rej = { accepted: false, reason: 'off graph' };
    const played = (pass: boolean) => ({ played: true as const, pass, reason: pass ? 'checks pass' : 'checks fail', actions: wrong.actions });
    expect(judgeOnDevice(wrong, acc, played(false)).verdict).toBe('false-accept');
    expect(judgeOnDevice(right, rej, played(true)).verdict).toBe('false-reject');
    expect(judgeOnDevice(wrong, rej, played(false)).verdict).toBe('agree');
    expect(judgeOnDevice(right, acc, { played: false, reason: 'another screen' }).verdict).toBe('unplayable');
    const t = summarizeTask('transfer', 1, 'device', 'vphone-1', [judgeOnDevice(wrong, acc, played(false)), judgeOnDevice(right, acc, played(true))]);
    expect(t).toMatchObject({ variants: 2, falseAccepts: 1, falseRejects: 0, unplayable: 0 });
    expect(summarizeProbe([t]).tasks[0]!.disagreements).toHaveLength(1);
  });

  it('a tap on one option of a group gets variants tapping its neighbours instead, nearest first', () => {
    const p = transferDemo(2, true);
    const g = buildGraph('preset', [p.demo], DEFAULT_SIGNATURE_CONFIG);
    const siblings = generateVariants(g, [p.probe]).filter((v) => v.kind === 'sibling');
    expect(siblings.map((v) => v.description)).toEqual(['demonstration 2, step 1: tapped "50元" instead', 'demonstration 2, step 1: tapped "200元" instead']);
    for (const v of siblings) expect(walkVariant(g, v.actions, DEFAULT_MATCH_OPTIONS).accepted).toBe(false);
  });

  it('structural probe: dropping content every demonstration sets alike must be rejected, else it is a suspected false accept', () => {
    const skip = variants.find((v) => v.kind === 'skip-content')!;
    expect(skip.sharedContent).toBe(true);
    expect(judgeStructurally(skip, { accepted: true, reason: '' }).verdict).toBe('suspected-false-accept');
    expect(judgeStructurally(skip, { accepted: false, reason: '' }).verdict).toBe('agree');
    const early = variants.find((v) => v.kind === 'finish-early')!;
    expect(judgeStructurally(early, { accepted: true, reason: '' }).verdict).toBe('unjudged');
  });
});
