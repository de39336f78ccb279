import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../shared/domain/action.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { flattenUi } from '../../../../shared/domain/ui-tree.js';
import { done, presets, screen, transferDemo } from '../../../../test/support/transfer-demo.js';
import { DEFAULT_MATCH_OPTIONS } from '../match.js';
import { buildGraph } from '../merge.js';
import { classifyRight } from './classify.js';
import type { ExplorePort, PhoneView, StateDetail } from './explorer.js';
import { Explorer } from './explorer.js';
import { walkAsVlmAgent } from './offline-walk.js';
import type { StatePath } from './paths.js';
import { endOf, nearMisses, sampleRightPaths, seededRandom } from './paths.js';
import { relevanceScorer, typedValues } from './vocabulary.js';

/**
 * A toy transfer page that behaves like the phone: tapping the field focuses it, typing APPENDS to what
 * it holds, a preset replaces the amount, 转账 with an amount sends it, Back leaves. The task's check:
 * exactly 300 sent.
 */
class ToyTransferPhone implements ExplorePort {
  readonly screen = screen;
  private s = { amount: '', focused: false, sent: null as string | null, left: false };
  actions = 0;
  private view(): PhoneView {
    return {
      key: JSON.stringify(this.s),
      appKey: JSON.stringify(this.s),
      data: { amount: this.s.amount, sent: String(this.s.sent) },
      window: this.s.left ? 'launcher' : this.s.sent !== null ? 'done' : 'transfer',
      package: this.s.left ? 'launcher' : 'com.example.app',
      focused: this.s.focused && this.s.sent === null,
      keyboard: this.s.focused && this.s.sent === null,
    };
  }
  async start(): Promise<PhoneView> {
    this.s = { amount: '', focused: false, sent: null, left: false };
    return this.view();
  }
  async restore(state: { key: string }): Promise<void> {
    this.s = JSON.parse(state.key) as typeof this.s;
  }
  async act(a: Action): Promise<PhoneView> {
    this.actions++;
    const s = this.s;
    if (a.type === 'Back') s.left = true;
    else if (a.type === 'Type' && s.focused) s.amount += a.text;
    else if (a.type === 'Tap' && s.sent === null) {
      const y = (a.at.y / 1000) * 2400;
      const x = (a.at.x / 1000) * 1080;
      if (y >= 300 && y < 420) s.focused = true;
      else if (y >= 500 && y < 650) s.amount = ['50', '100', '200'][Math.min(2, Math.floor(x / 360))]!;
      else if (y >= 900 && y < 1050 && s.amount) s.sent = s.amount;
    }
    return this.view();
  }
  async inspect(state: { key: string }): Promise<StateDetail> {
    const s = JSON.parse(state.key) as typeof this.s;
    const ui = s.sent !== null ? done : presets(s.amount);
    for (const n of flattenUi(ui)) if (n.className.endsWith('EditText')) n.focused = s.focused;
    return { ui, pass: s.sent === '300', reason: s.sent === '300' ? '300 sent' : `sent ${s.sent ?? 'nothing'}` };
  }
}

const words = { instruction: '给儿子转五百，不对，三百', normalized: '给儿子转账 300 元', typed: ['300'] };

async function explore(): Promise<{ x: Explorer; phone: ToyTransferPhone }> {
  const phone = new ToyTransferPhone();
  const x = new Explorer(phone, { appPackage: 'com.example.app', values: typedValues(words), relevance: relevanceScorer(words) });
  await x.begin();
  await x.search({ depth: 5, budget: 200 });
  return { x, phone };
}

describe('exploration: ground truth from the phone, verdicts from the offline walk', () => {
  it("the task's words give the texts to type: its value first, then neighbours and the corrected-away amount", () => {
    const v = typedValues(words);
    expect(v[0]).toEqual({ text: '300', why: 'demonstrated' });
    expect(v).toEqual(
      expect.arrayContaining([
        { text: '200', why: 'neighbour' },
        { text: '400', why: 'neighbour' },
        { text: '500', why: 'retracted' },
      ]),
    );
    // 一起 and 周六 are not amounts; a measured amount is.
    expect(typedValues({ instruction: '说周六一起吃饭，买两箱', typed: [] }).map((x) => x.text)).toEqual(['2']);
    expect(typedValues({ instruction: '周六一起吃饭', normalized: '发短信：周日一起吃饭', typed: ['周日一起吃饭'] })).toContainEqual({
      text: '周六一起吃饭',
      why: 'flipped',
    });
    const rel = relevanceScorer(words);
    expect(rel('儿子建国')).toBeGreaterThan(rel('女儿小芳'));
    expect(rel('转账')).toBe(1);
    expect(rel('100元')).toBeLessThan(0.5);
  });

  it('explores by true state within the budget; the checks pass only where 300 was sent', async () => {
    const { x, phone } = await explore();
    expect(phone.actions).toBeLessThanOrEqual(200);
    const pass = [...x.states.values()].filter((s) => s.pass);
    expect(pass).toHaveLength(1);
    // Typing appends on the phone: "300" typed twice is 300300, a state of its own that fails.
    expect([...x.states.values()].some((s) => s.key.includes('"amount":"300300"'))).toBe(true);
  });

  it('samples right paths ending where the checks pass, and near misses one decision away that fail', async () => {
    const { x } = await explore();
    const random = seededRandom(1);
    const right = sampleRightPaths(x, 5, 20, random);
    expect(right.length).toBeGreaterThan(1);
    for (const p of right) expect(x.states.get(endOf(p, x.root))!.pass).toBe(true);
    const near = await nearMisses(x, right, { perPath: 6, limit: 30, budget: { left: 50 }, random });
    expect(near.wrong.length).toBeGreaterThan(3);
    for (const w of near.wrong) expect(x.states.get(endOf(w.path, x.root))!.pass).toBe(false);
    const kinds = new Set(near.wrong.map((w) => w.kind));
    expect(kinds).toEqual(new Set(['finish-early', 'step-missing', 'sibling', 'other-value', 'act-then-correct']));
    // A preset tapped just before 转账 (100元 first, then 转账): the amount is the preset's, never 300 — a careless
    // correction, one decision more than the right path.
    const corrected = near.wrong.filter((w) => w.kind === 'act-then-correct');
    for (const w of corrected) expect(w.change).toMatch(/^tap \S+ first, then /);
  });

  it("classifies right paths against the demonstration's true states: the same, a detour, another order", async () => {
    const { x } = await explore();
    const demo = await x.replay(
      transferDemo(1)
        .probe.steps.map((s) => s.action)
        .filter((a): a is Action => a !== null),
    );
    expect(demo.pass).toBe(true);
    const windowOf = (id: string) => ({ app: x.states.get(id)!.appKey, window: x.states.get(id)!.window, data: x.states.get(id)!.data });
    const path = (ids: string[]): StatePath => {
      let s = x.states.get(x.root)!;
      return {
        steps: ids.map((id) => {
          const to = x.edges.get(s.id)!.get(id)!;
          const move = s.moves.find((m) => m.id === id)!;
          s = x.states.get(to)!;
          return { move, to };
        }),
      };
    };
    const field = x.states.get(x.root)!.moves.find((m) => m.kind === 'tap' && m.label.includes('金额'))!.id;
    expect(classifyRight(path([field, 'type:300', 'tap:转账']), x.root, [demo], windowOf)).toBe('demonstrated');
    // A field tapped twice changes nothing the second time.
    expect(classifyRight(path([field, field, 'type:300', 'tap:转账']), x.root, [demo], windowOf)).toBe('no-effect');
    // The field focused, then a preset chosen — demonstrated the other way round.
    const root = x.states.get(x.root)!;
    const other = await x.replay([root.moves.find((m) => m.id === 'tap:100元')!.action, root.moves.find((m) => m.id === field)!.action]);
    expect(classifyRight(path([field, 'tap:100元']), x.root, [other], windowOf)).toBe('field-order');
  });

  it('walks a path offline as a vlm agent: the demonstration is accepted, the preset amount and the doubled text are not', async () => {
    const graph = buildGraph('transfer', [transferDemo(1).demo], DEFAULT_SIGNATURE_CONFIG);
    const task = { id: 'transfer', instruction: words.instruction, maxSteps: 20 };
    const { x } = await explore();
    const field = x.states.get(x.root)!.moves.find((m) => m.label.includes('金额'))!.action;
    const confirm = x.states.get(x.root)!.moves.find((m) => m.id === 'tap:转账')!.action;
    const preset = x.states.get(x.root)!.moves.find((m) => m.id === 'tap:100元')!.action;
    const type300: Action = { type: 'Type', text: '300' };
    expect((await walkAsVlmAgent(graph, task, [field, type300, confirm], DEFAULT_MATCH_OPTIONS)).accepted).toBe(true);
    const wrong = await walkAsVlmAgent(graph, task, [preset, confirm], DEFAULT_MATCH_OPTIONS);
    expect(wrong).toMatchObject({ accepted: false, exit: 'off_graph' });
    // A hardware key is no reply a vlm agent can give.
    await expect(walkAsVlmAgent(graph, task, [{ type: 'Key', key: 'VolumeUp' }], DEFAULT_MATCH_OPTIONS)).rejects.toThrow(/cannot send Key/);
  });
});
