import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { transferDemo } from '../../../../test/support/transfer-demo.js';
import { DEFAULT_MATCH_OPTIONS } from '../match.js';
import { buildGraph } from '../merge.js';
import { changedText, generateVariants } from './variants.js';
import { judgeOnDevice, judgeStructurally, summarizeProbe, summarizeTask, walkVariant } from './verdicts.js';

describe('probe variants and verdicts', () => {
  const d1 = transferDemo(1);
  const graph = buildGraph('transfer', [d1.demo], DEFAULT_SIGNATURE_CONFIG);
  const variants = generateVariants(graph, [d1.probe]);

  it('the typed amount is content: the page before and after typing are two states, the confirm edge leaves the typed one', () => {
    const before = graph.nodes.find((x) => x.members.some((m) => m.idx === 1))!;
    const after = graph.nodes.find((x) => x.members.some((m) => m.idx === 2))!;
    expect(before.id).not.toBe(after.id);
    expect(graph.edges.find((e) => e.action.type === 'Type')!.effects).toEqual([expect.objectContaining({ value: '300' })]);
    expect(graph.nodes.find((x) => x.done)!.goal).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'typed', expected: '300', match: 'exact' })]),
    );
  });

  it('generates right and wrong variants: the demonstration, Finish early, the amount skipped or changed, a sibling option', () => {
    const kinds = variants.map((v) => v.kind);
    expect(kinds).toEqual(expect.arrayContaining(['demonstration', 'finish-early', 'skip-content', 'change-text']));
    expect(variants.find((v) => v.kind === 'change-text')!.actions).toContainEqual({ type: 'Type', text: '400' });
    expect(variants.find((v) => v.kind === 'skip-content')!.actions).not.toContainEqual({ type: 'Type', text: '300' });
    expect(new Set(variants.map((v) => JSON.stringify(v.actions))).size).toBe(variants.length);
    expect(changedText('周日我准时到')).not.toBe('周日我准时到');
  });

  it('the graph accepts the demonstration and rejects every wrong variant built from it', () => {
    for (const v of variants) {
      const r = walkVariant(graph, v.actions, DEFAULT_MATCH_OPTIONS);
      expect(r.accepted, `${v.description}: ${r.reason}`).toBe(v.intent === 'right');
    }
  });

  it("a device verdict that differs from the graph's is a false accept or a false reject; agreement and unplayable are counted apart", () => {
    const right = variants.find((v) => v.kind === 'demonstration')!;
    const wrong = variants.find((v) => v.kind === 'skip-content')!;
    const acc = { accepted: true, reason: 'reached DONE' };
    const rej = { accepted: false, reason: 'off graph' };
    const played = (pass: boolean) => ({
      played: true as const,
      pass,
      reason: pass ? 'checks pass' : 'checks fail',
      actions: wrong.actions,
    });
    expect(judgeOnDevice(wrong, acc, played(false)).verdict).toBe('false-accept');
    expect(judgeOnDevice(right, rej, played(true)).verdict).toBe('false-reject');
    expect(judgeOnDevice(wrong, rej, played(false)).verdict).toBe('agree');
    expect(judgeOnDevice(right, acc, { played: false, reason: 'another screen' }).verdict).toBe('unplayable');
    const t = summarizeTask('transfer', 1, 'device', 'vphone-1', [
      judgeOnDevice(wrong, acc, played(false)),
      judgeOnDevice(right, acc, played(true)),
    ]);
    expect(t).toMatchObject({ variants: 2, falseAccepts: 1, falseRejects: 0, unplayable: 0 });
    expect(summarizeProbe([t]).tasks[0]!.disagreements).toHaveLength(1);
  });

  it('a tap on one option of a group gets variants tapping its neighbours instead, nearest first', () => {
    const p = transferDemo(2, true);
    const g = buildGraph('preset', [p.demo], DEFAULT_SIGNATURE_CONFIG);
    const siblings = generateVariants(g, [p.probe]).filter((v) => v.kind === 'sibling');
    expect(siblings.map((v) => v.description)).toEqual([
      'demonstration 2, step 1: tapped "50元" instead',
      'demonstration 2, step 1: tapped "200元" instead',
    ]);
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
