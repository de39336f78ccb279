import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import type { Demo, DemoStep } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { DEFAULT_MATCH_OPTIONS, matchEdge } from './match.js';
import { buildGraph } from './merge.js';
import { computeSignature } from './signature.js';
import { validateGraph } from './validate.js';
import { GraphWalker } from './walk.js';
import { n } from '../../../test/support/ui-builder.js';

const screen = { width: 1080, height: 2400 };
const node = (p: Partial<UiNode>): UiNode =>
  n({
    index: 0,
    className: 'android.widget.TextView',
    packageName: 'com.example.shop',
    bounds: { left: 0, top: 0, right: 1080, bottom: 100 },
    ...p,
  });

/** A page: a title, a clock (volatile), and a button per row at y = 400 + 200·i. */
function page(title: string, buttons: string[], clock: string): UiHierarchy {
  return {
    rotation: 0,
    roots: [
      node({
        className: 'android.widget.FrameLayout',
        bounds: { left: 0, top: 0, right: 1080, bottom: 2400 },
        children: [
          node({
            text: clock,
            resourceId: 'com.android.systemui:id/clock',
            packageName: 'com.android.systemui',
            bounds: { left: 0, top: 0, right: 200, bottom: 60 },
          }),
          node({ text: title, resourceId: 'com.example.shop:id/title', bounds: { left: 0, top: 100, right: 1080, bottom: 250 } }),
          ...buttons.map((b, i) =>
            node({
              text: b,
              resourceId: `com.example.shop:id/btn_${b.toLowerCase()}`,
              className: 'android.widget.Button',
              clickable: true,
              bounds: { left: 100, top: 400 + 200 * i, right: 980, bottom: 550 + 200 * i },
            }),
          ),
        ],
      }),
    ],
  };
}

const PAGES: Record<string, string[]> = { Home: ['Search', 'Browse'], Search: ['Go'], Browse: ['Item'], Cart: ['Pay'] };
const tapRow = (i: number): Action => ({ type: 'Tap', at: { x: 500, y: Math.round(((475 + 200 * i) / 2400) * 1000) } });

function demo(id: number, path: [string, Action | null][], clock: string): Demo {
  const steps: DemoStep[] = path.map(([p, action], idx) => ({
    ref: { demonstrationId: id, idx, screenshotBlob: null, xmlBlob: null },
    signature: computeSignature(
      page(p, PAGES[p]!, clock),
      { package: 'com.example.shop', activity: `com.example.shop.${p}Activity` },
      DEFAULT_SIGNATURE_CONFIG,
    ),
    action,
    actionPx: null,
    screen,
  }));
  return { id, steps };
}

const viaSearch = (id: number, clock: string): Demo =>
  demo(
    id,
    [
      ['Home', tapRow(0)],
      ['Search', tapRow(0)],
      ['Cart', null],
    ],
    clock,
  );
const viaBrowse = (id: number, clock: string): Demo =>
  demo(
    id,
    [
      ['Home', tapRow(1)],
      ['Browse', tapRow(0)],
      ['Cart', null],
    ],
    clock,
  );

describe('buildGraph', () => {
  it('merges equal states across demonstrations into one multi-path graph', () => {
    const demos = [viaSearch(1, '09:00'), viaBrowse(2, '09:05'), viaSearch(3, '17:42')];
    const g = buildGraph('t', demos, DEFAULT_SIGNATURE_CONFIG);
    expect(g.nodes).toHaveLength(4); // Home, Search, Cart, Browse
    expect(g.nodes.filter((n) => n.done).map((n) => n.id)).toEqual(['n2']);
    expect(g.startNode).toBe('n0');
    expect(g.edges).toHaveLength(4);
    expect(g.edges.find((e) => e.from === 'n0' && e.to === 'n1')?.demonstrations).toEqual([1, 3]);
    const home = g.nodes[0]!;
    expect(home.members.map((m) => m.demonstrationId)).toEqual([1, 2, 3]);
    expect(home.members[1]!.evidence).toMatchObject({ activity: true, rule: 'exact' });
  });

  it('replays every demonstration to DONE, and leave-one-out rejects a path only one demonstration took', () => {
    const demos = [viaSearch(1, '09:00'), viaBrowse(2, '09:05'), viaSearch(3, '17:42')];
    const v = validateGraph(buildGraph('t', demos, DEFAULT_SIGNATURE_CONFIG), demos);
    expect(v.selfConsistency).toBe(1);
    expect(v.leaveOneOutReplays.map((r) => r.accepted)).toEqual([true, false, true]);
    expect(v.leaveOneOut).toBeCloseTo(2 / 3);
    expect(v.leaveOneOutReplays[1]!.reason).toMatch(/matches no edge/);
  });

  it('keeps back-navigation cycles', () => {
    const d = demo(
      1,
      [
        ['Home', tapRow(0)],
        ['Search', { type: 'Back' }],
        ['Home', tapRow(1)],
        ['Browse', tapRow(0)],
        ['Cart', null],
      ],
      '10:00',
    );
    const g = buildGraph('t', [d], DEFAULT_SIGNATURE_CONFIG);
    expect(g.nodes).toHaveLength(4);
    expect(g.edges.some((e) => e.from === 'n1' && e.to === 'n0' && e.action.type === 'Back')).toBe(true);
    expect(validateGraph(g, [d]).selfConsistency).toBe(1);
  });
});

describe('goal edges', () => {
  it('a goal page that looks like the start cannot be reached by finishing at once', () => {
    // The task changes something the signature does not see (e.g. a heart filled in): start and goal merge.
    const d = demo(
      1,
      [
        ['Home', tapRow(0)],
        ['Home', null],
      ],
      '09:00',
    );
    const g = buildGraph('t', [d], DEFAULT_SIGNATURE_CONFIG);
    expect(g.nodes).toHaveLength(1);
    expect(g.nodes[0]!.done).toBe(true);
    expect(g.edges[0]).toMatchObject({ from: 'n0', to: 'n0', goal: true });
    const walker = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    expect(walker.finish().success).toBe(false);
    expect(walker.act(tapRow(0)).taken).not.toBeNull();
    expect(walker.finish().success).toBe(true);
    expect(validateGraph(g, [d]).selfConsistency).toBe(1);
  });
});

describe('matchEdge (the offline action check)', () => {
  const g = buildGraph('t', [viaSearch(1, '09:00')], DEFAULT_SIGNATURE_CONFIG);
  const edge = g.edges[0]!; // Tap at (500, 197.9) → pixel (540, 475)
  it('accepts a tap within 50 px and rejects one further away, reporting the distance', () => {
    const near = matchEdge({ type: 'Tap', at: { x: 500, y: 215 } }, edge, DEFAULT_MATCH_OPTIONS); // 41 px below
    expect(near.matched).toBe(true);
    const far = matchEdge({ type: 'Tap', at: { x: 500, y: 250 } }, edge, { ...DEFAULT_MATCH_OPTIONS, acceptInsideTarget: false });
    expect(far.matched).toBe(false);
    expect(far.distancePx).toBeGreaterThan(120);
  });

  it('compares swipes by direction and typed text by similarity', () => {
    const swipe = { ...edge, action: { type: 'Swipe', from: { x: 500, y: 800 }, to: { x: 500, y: 300 } } } as const;
    expect(matchEdge({ type: 'Swipe', from: { x: 300, y: 900 }, to: { x: 310, y: 100 } }, swipe, DEFAULT_MATCH_OPTIONS).matched).toBe(true);
    expect(matchEdge({ type: 'Swipe', from: { x: 500, y: 300 }, to: { x: 500, y: 800 } }, swipe, DEFAULT_MATCH_OPTIONS).matched).toBe(
      false,
    );
    const type = { ...edge, action: { type: 'Type', text: '北京南站' } } as const;
    expect(matchEdge({ type: 'Type', text: '北京南站 ' }, type, DEFAULT_MATCH_OPTIONS).matched).toBe(true);
    expect(matchEdge({ type: 'Type', text: '上海' }, type, DEFAULT_MATCH_OPTIONS)).toMatchObject({ matched: false, similarity: 0 });
  });

  it('never matches Finish or a parse error', () => {
    expect(matchEdge({ type: 'Finish' }, edge, DEFAULT_MATCH_OPTIONS).matched).toBe(false);
    expect(matchEdge({ type: 'ParseError', raw: 'x', reason: 'y' }, edge, DEFAULT_MATCH_OPTIONS).matched).toBe(false);
  });
});
