import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import type { GoalCondition, GraphEdge, GraphNode, TaskGraph } from '../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../shared/domain/task-graph.js';
import { b, tapAt } from '../../../test/support/ui-builder.js';
import { conditionHolds, deriveGoalConditions, unmetConditions } from './goal-conditions.js';
import { canonicalNumber } from './content.js';
import { typedValue } from './typed-text.js';
import { DEFAULT_MATCH_OPTIONS, describeMatchRules, matchEdge, textMatches } from './match.js';
import { GraphWalker } from './walk.js';

const screen = { width: 1080, height: 2400 };
const node = (id: string, done = false, goal?: GoalCondition[]): GraphNode => ({
  id,
  done,
  flag: null,
  signature: { activity: 'a', structure: [], structureKey: id, anchors: [], widgetState: [], imageHash: null },
  representative: { demonstrationId: 1, idx: 0, screenshotBlob: null, xmlBlob: null },
  members: [],
  ...(goal ? { goal } : {}),
});
let edgeSeq = 0;
const edge = (from: string, to: string, action: Action, extra: Partial<GraphEdge> = {}): GraphEdge => ({
  id: `e${edgeSeq++}`,
  from,
  to,
  action,
  actionPx: null,
  target: null,
  screen,
  demonstrations: [1],
  uses: [[1, 0]],
  ...extra,
});
const graph = (nodes: GraphNode[], edges: GraphEdge[]): TaskGraph => ({
  taskId: 't',
  config: DEFAULT_SIGNATURE_CONFIG,
  startNode: nodes[0]!.id,
  nodes,
  edges,
});
const walk = (g: TaskGraph, actions: Action[]): { accepted: boolean; reason: string } => {
  const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
  for (const a of actions) if (!w.act(a).taken) return { accepted: false, reason: 'off graph' };
  const f = w.finish();
  return { accepted: f.success, reason: f.reason };
};

describe('edge choice', () => {
  const send = b(880, 2200, 1060, 2300); // the 发送 button
  const composer = b(0, 2150, 1080, 2350); // a bar that holds the input and the button
  it('the closest matching edge wins: a tap on 发送 is not taken by an edge whose element merely contains the point', () => {
    const g = graph(
      [node('n0'), node('n1'), node('n2', true)],
      [
        edge('n0', 'n1', tapAt(b(0, 2150, 200, 2350)), {
          target: { bounds: composer, resourceId: 'bar', className: 'LinearLayout', text: '', contentDesc: '', clickable: true },
        }),
        edge('n0', 'n2', tapAt(send), {
          goal: true,
          target: { bounds: send, resourceId: 'send', className: 'Button', text: '发送', contentDesc: '', clickable: true },
        }),
      ],
    );
    expect(walk(g, [tapAt(send)])).toMatchObject({ accepted: true });
    // Only the closest edge is taken: the walk stands on the goal, not also where the bar's edge leads.
    const w = new GraphWalker(g, DEFAULT_MATCH_OPTIONS);
    expect(w.act(tapAt(send)).taken?.result.rule).toBe('within-tolerance');
    expect([...w.current]).toEqual(['n2']);
  });

  it('inside-the-element only for the control the person tapped and never for a page-sized container', () => {
    const webview = b(0, 200, 1080, 2300);
    const e = edge('n0', 'n1', tapAt(b(500, 300, 520, 320)), {
      target: { bounds: webview, resourceId: '', className: 'android.webkit.WebView', text: '', contentDesc: '', clickable: true },
    });
    const far = tapAt(b(500, 1900, 520, 1920)); // ~1,580 px away, inside the WebView
    expect(matchEdge(far, e, DEFAULT_MATCH_OPTIONS).matched).toBe(false);
    const button = b(40, 800, 1040, 950);
    const onButton = edge('n0', 'n1', tapAt(b(60, 860, 80, 880)), {
      target: { bounds: button, resourceId: 'pay', className: 'Button', text: '确认', contentDesc: '', clickable: true },
    });
    const elsewhereOnIt = tapAt(b(980, 860, 1000, 880));
    expect(matchEdge(elsewhereOnIt, onButton, DEFAULT_MATCH_OPTIONS)).toMatchObject({ matched: true, rule: 'inside-target' });
    const notClickable = { ...onButton, target: { ...onButton.target!, clickable: false } };
    expect(matchEdge(elsewhereOnIt, notClickable, DEFAULT_MATCH_OPTIONS).matched).toBe(false);
  });

  it('every accepted match says which rule accepted it', () => {
    const e = edge('n0', 'n1', tapAt(b(500, 500, 540, 540)));
    expect(matchEdge(tapAt(b(500, 500, 540, 540)), e, DEFAULT_MATCH_OPTIONS).rule).toBe('within-tolerance');
    const free = { ...e, choice: { options: [b(0, 1000, 540, 1100), b(540, 1000, 1080, 1100)] } };
    expect(matchEdge(tapAt(b(700, 1040, 720, 1060)), free, DEFAULT_MATCH_OPTIONS).rule).toBe('free-choice');
    expect(matchEdge(tapAt(b(700, 1400, 720, 1420)), free, DEFAULT_MATCH_OPTIONS).matched).toBe(false);
    expect(describeMatchRules(DEFAULT_MATCH_OPTIONS).join(' ')).toMatch(/50 px.*25%/);
  });

  it('typed numbers must be the same numbers; other text by similarity', () => {
    expect(textMatches('300元', '300', 0.8).matched).toBe(true);
    expect(textMatches('500', '300', 0.8).matched).toBe(false);
    expect(textMatches('3000', '300', 0.8).matched).toBe(false);
    expect(textMatches('13800000004', '13800000003', 0.8).matched).toBe(false); // similar digits, another number
    expect(textMatches('我已经吃过药了。', '我已经吃过药了', 0.8).matched).toBe(true);
    expect(textMatches('随便看看', '我已经吃过药了', 0.8).matched).toBe(false);
  });
});

describe('Finish and goal conditions', () => {
  const amount: GoalCondition = {
    id: 'c1',
    kind: 'typed',
    key: 'P§amount',
    label: '金额',
    expected: '300',
    match: 'exact',
    source: 'derived',
  };
  const typed = (text: string): Action => ({ type: 'Type', text });
  const confirm = tapAt(b(40, 800, 1040, 950));
  const g = graph(
    [node('n0'), node('n1'), node('n2', true, [amount])],
    [
      edge('n0', 'n1', typed('300'), { effects: [{ key: 'P§amount', kind: 'text', value: '300', label: '金额' }] }),
      edge('n1', 'n2', confirm, { goal: true }),
    ],
  );

  it('succeeds when the path typed what the goal needs, in the agent\'s own words ("300元")', () => {
    expect(walk(g, [typed('300'), confirm])).toMatchObject({ accepted: true });
    expect(walk(g, [typed('300元'), confirm])).toMatchObject({ accepted: true });
  });

  it('fails when the amount is left out (no edge) or is another number (off the Type edge)', () => {
    expect(walk(g, [confirm]).accepted).toBe(false);
    expect(walk(g, [typed('500'), confirm]).accepted).toBe(false);
  });

  it('fails on a DONE node whose goal conditions the path did not meet, and says which', () => {
    const loose = graph(g.nodes, [
      edge('n0', 'n1', typed('3'), { effects: [{ key: 'P§amount', kind: 'text', value: '3', label: '金额' }] }),
      g.edges[1]!,
    ]);
    const r = walk(loose, [typed('3'), confirm]);
    expect(r.accepted).toBe(false);
    expect(r.reason).toMatch(/金额 should be "300" \(was "3"\)/);
  });

  it('a DONE node not reached by a goal action does not count (the goal page looks like the start)', () => {
    const same = graph([node('n0', true), node('n1')], [edge('n0', 'n0', confirm, { goal: true }), edge('n0', 'n1', typed('x'))]);
    expect(walk(same, []).accepted).toBe(false);
    expect(walk(same, [confirm]).accepted).toBe(true);
  });

  it('conditions: exact numbers, fuzzy text, regex; an unreadable regex never holds; a shown text only online', () => {
    expect(conditionHolds(amount, '300.00', 0.8)).toBe(true);
    expect(conditionHolds(amount, '30', 0.8)).toBe(false);
    expect(conditionHolds({ ...amount, match: 'fuzzy', expected: '周日我准时到' }, '周日我准时到！', 0.8)).toBe(true);
    expect(conditionHolds({ ...amount, match: 'regex', expected: '^周[日天]' }, '周天到', 0.8)).toBe(true);
    expect(conditionHolds({ ...amount, match: 'regex', expected: '(' }, '(', 0.8)).toBe(false);
    const shown: GoalCondition = {
      id: 'c2',
      kind: 'shown',
      key: '',
      label: '转账成功',
      expected: '转账成功',
      match: 'exact',
      source: 'derived',
    };
    expect(unmetConditions([shown], new Map(), 0.8)).toEqual([]);
    expect(unmetConditions([shown], new Map(), 0.8, ['钱包'])).toEqual([shown]);
    expect(unmetConditions([shown], new Map(), 0.8, ['转账成功'])).toEqual([]);
  });

  it('a key whose effect the screen does not show counts by its presses: at least as many as the fewest demonstration', () => {
    const up: Action = { type: 'Key', key: 'VolumeUp' };
    const loop = edge('n0', 'n0', up, { goal: true });
    const base = graph([node('n0', true)], [loop]);
    const demo = Array.from({ length: 3 }, () => loop);
    const conditions = deriveGoalConditions(base, new Map([['n0', [demo, [...demo, loop]]]])).get('n0')!;
    expect(conditions).toEqual([expect.objectContaining({ kind: 'pressed', key: 'press|VolumeUp', expected: '3' })]);
    const g2 = graph([node('n0', true, conditions)], [loop]);
    expect(walk(g2, [up, up]).accepted).toBe(false);
    expect(walk(g2, [up, up]).reason).toMatch(/VolumeUp should be "3" \(was "2"\)/);
    expect(walk(g2, [up, up, up]).accepted).toBe(true);
    expect(walk(g2, [up, up, up, up]).accepted).toBe(true);
    // A key that moves to another page is navigation, not pressed content.
    expect(
      deriveGoalConditions(graph([node('n0'), node('n1', true)], [edge('n0', 'n1', up)]), new Map([['n1', [[edge('n0', 'n1', up)]]]])).get(
        'n1',
      ),
    ).toEqual([]);
  });

  it('a goal reached by its own route keeps the number that route typed (another number must fail there)', () => {
    const typed = (key: string, value: string) => ({ effects: [{ key, kind: 'text' as const, value, label: '电话号码' }] });
    const open = edge('n0', 'n1', tapAt(b(10, 10, 20, 20)));
    const viaMessage = [open, edge('n1', 'n4', tapAt(b(20, 20, 30, 30)), { goal: true })];
    const viaDialer = [
      edge('n0', 'n5', tapAt(b(30, 30, 40, 40))),
      edge('n5', 'n6', { type: 'Type', text: '10690000123' }, typed('blocked§phone', '10690000123')),
      edge('n6', 'n7', tapAt(b(40, 40, 50, 50)), { goal: true }),
    ];
    const g = graph([node('n0'), node('n1'), node('n4', true), node('n5'), node('n6'), node('n7', true)], [...viaMessage, ...viaDialer]);
    const goals = deriveGoalConditions(
      g,
      new Map([
        ['n4', [viaMessage]],
        ['n7', [viaDialer]],
      ]),
    );
    // Must fail: another number typed on the dialer's route; must pass: the route that typed nothing.
    expect(goals.get('n7')).toEqual([expect.objectContaining({ kind: 'typed', key: 'blocked§phone', expected: '10690000123' })]);
    expect(goals.get('n4')).toEqual([]);
  });

  it('a choice left free among some options (大 or 超大) is a goal condition that accepts those and no other', () => {
    const big = b(0, 617, 1080, 764);
    const huge = b(0, 764, 1080, 911);
    const small = b(0, 470, 1080, 617);
    const key = 'news|设置§choice|size';
    const pick = edge('n1', 'n2', tapAt(big), {
      goal: true,
      effects: [{ key, kind: 'choice', value: '大', label: 'size' }],
      choice: { options: [big, huge] },
      options: [
        { bounds: small, label: '小' },
        { bounds: big, label: '大' },
        { bounds: huge, label: '超大' },
      ],
    });
    const other = [edge('n0', 'n3', tapAt(b(0, 0, 10, 10))), edge('n3', 'n4', tapAt(b(0, 20, 10, 30)), { goal: true })];
    const g = graph(
      [node('n0'), node('n1'), node('n2', true), node('n3'), node('n4', true)],
      [edge('n0', 'n1', tapAt(b(50, 50, 60, 60))), pick, ...other],
    );
    const [c] = deriveGoalConditions(
      g,
      new Map([
        ['n2', [[g.edges[0]!, pick]]],
        ['n4', [other]],
      ]),
    ).get('n2')!;
    expect(c).toMatchObject({ kind: 'chosen', key, match: 'regex' });
    // Must pass: either allowed option (or the walk's mark for one of them); must fail: another option of the group.
    for (const v of ['大', '超大', '*']) expect(conditionHolds(c!, v, 0.8), v).toBe(true);
    expect(conditionHolds(c!, '小', 0.8)).toBe(false);
  });

  it('a phone number typed with separators into a number field is its digits, as the phone reads it; elsewhere it is text', () => {
    const number: GoalCondition = {
      id: 'c1',
      kind: 'typed',
      key: 'a§text|EditText|blocked_number_input',
      label: '电话号码',
      expected: '02195566888',
      match: 'exact',
      source: 'derived',
    };
    // Must pass: the same digits spaced as a person writes them.
    for (const v of ['021-9556-6888', '021 9556 6888', '(021) 95566888', '02195566888'])
      expect(conditionHolds(number, v, 0.8), v).toBe(true);
    // Must fail: another digit, a digit short, a number written with letters.
    for (const v of ['021-9556-6887', '021-9556-688', '021-9556-6888 转 1']) expect(conditionHolds(number, v, 0.8), v).toBe(false);
    // A field that does not hold a phone number keeps its text as typed (an account, an amount).
    expect(conditionHolds({ ...number, label: '备注' }, '021-9556-6888', 0.8)).toBe(false);
    // Typed into a number field whose filter may keep or drop the dashes: one number to a dialer either way, so one
    // reading; a decimal point kept or dropped is two numbers (10.0 or 100), which nothing matches.
    expect(typedValue('', '021-9556-6888', false, 'number')).toBe('021-9556-6888');
    expect(typedValue('', '10.0', false, 'number')).toBe('10 or 100');
  });

  it('short typed numbers have one form ("06" is the hour 6); long digit strings keep their zeros', () => {
    expect(canonicalNumber('06')).toBe('6');
    expect(canonicalNumber('1.50')).toBe('1.5');
    expect(canonicalNumber('300')).toBe('300');
    expect(canonicalNumber('13800000001')).toBe('13800000001');
    expect(canonicalNumber('010-1234')).toBe('010-1234');
    expect(canonicalNumber('周日')).toBe('周日');
  });
});
