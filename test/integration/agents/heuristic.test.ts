import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { UiHierarchy, UiNode } from '../../../shared/domain/ui-node.js';
import type { AgentHistoryEntry, AgentObservation } from '../../../electron/core/agents/agent.js';
import { HeuristicAgent } from '../../../electron/core/agents/model-free/heuristic/heuristic-agent.js';
import { readGoal } from '../../../electron/core/agents/model-free/heuristic/goal.js';
import { toPixels } from '../../../electron/core/geometry/coordinates.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { UI_DUMPS_DIR } from '../../support/fixtures.js';
import { JiebaTokenizer } from '../../../electron/adapters/nlp/jieba-tokenizer.js';
import { n } from '../../support/ui-builder.js';

const SCREEN = { width: 1080, height: 2400 };
let idx = 0;
function node(p: Partial<UiNode> & { bounds: UiNode['bounds'] }): UiNode {
  return n({ index: idx++, className: 'android.widget.TextView', packageName: 'p', ...p });
}
const b = (left: number, top: number, right: number, bottom: number) => ({ left, top, right, bottom });
const ui = (...children: UiNode[]): UiHierarchy => ({
  rotation: 0,
  roots: [node({ className: 'android.widget.FrameLayout', bounds: b(0, 0, 1080, 2400), children })],
});
/** A clickable settings row whose title sits in a non-clickable child, as on real phones. */
const row = (title: string, top: number): UiNode =>
  node({
    className: 'android.widget.LinearLayout',
    clickable: true,
    bounds: b(0, top, 1080, top + 200),
    children: [node({ text: title, bounds: b(40, top + 60, 600, top + 140) })],
  });

const HOME = ui(
  node({ contentDesc: '微信', clickable: true, bounds: b(40, 1800, 240, 2000) }),
  node({ contentDesc: '设置', clickable: true, bounds: b(300, 1800, 500, 2000) }),
  node({ contentDesc: '时钟', clickable: true, bounds: b(560, 1800, 760, 2000) }),
);
const SETTINGS = ui(
  node({ text: '设置', bounds: b(40, 100, 400, 200) }),
  node({
    scrollable: true,
    className: 'androidx.recyclerview.widget.RecyclerView',
    bounds: b(0, 300, 1080, 2400),
    children: [row('WLAN', 300), row('显示', 500), row('声音', 700)],
  }),
);
const SOUND = ui(node({ text: '声音', bounds: b(40, 100, 400, 200) }), row('媒体音量', 300), row('铃声', 500));

const tokenizer = new JiebaTokenizer();

async function drive(instruction: string, screens: UiHierarchy[]) {
  const agent = new HeuristicAgent('h', tokenizer);
  const history: AgentHistoryEntry[] = [];
  for (const screen of screens) {
    const obs: AgentObservation = { screenshot: null, screen: SCREEN, ui: screen };
    history.push((await agent.step(obs, instruction, history)).historyEntry);
  }
  return history;
}

describe('heuristic agent (docs/agents.md)', () => {
  it('reads indirect phrasings through the synonym table, in Chinese and English', () => {
    const zh = readGoal('声音太小了，我听不见', tokenizer);
    expect(zh.intents).toEqual(['volume']);
    expect(zh.words).toEqual(expect.arrayContaining(['音量', '声音', '听不见']));
    expect(zh.words).not.toContain('我');
    expect(zh.apps).toContain('设置');
    expect(readGoal("I can't see the letters, make them bigger", tokenizer).intents).toContain('font-size');
    expect(readGoal('The sound is too low, I cannot hear it', tokenizer).intents).toEqual(['volume']);
    expect(readGoal('帮我搜索“杭州天气”', tokenizer).typeText).toBe('杭州天气');
  });

  it('"声音太小" goes Settings → 声音 and finishes when the screen title matches', async () => {
    const h = await drive('声音太小了，我听不见', [HOME, SETTINGS, SOUND]);
    const [a, b2, c] = h.map((x) => x.action);
    expect(a!.type === 'Tap' && toPixels(a!.at, SCREEN)).toEqual({ x: 400, y: 1900 }); // 设置 icon centre
    expect(b2!.type === 'Tap' && toPixels(b2!.at, SCREEN)).toEqual({ x: 540, y: 800 }); // 声音 row centre
    expect(c).toMatchObject({ type: 'Finish', status: 'success' });
  });

  it('types into a focused field, taps an unfocused one first', async () => {
    const field = (focused: boolean) =>
      ui(node({ className: 'android.widget.EditText', clickable: true, focused, bounds: b(40, 100, 1040, 220) }));
    const h = await drive('帮我搜索“杭州天气”', [field(false), field(true)]);
    expect(h[0]!.action.type).toBe('Tap');
    expect(h[1]!.action).toEqual({ type: 'Type', text: '杭州天气', submit: true });
  });

  it('scrolls when nothing matches, launches the intent app, then gives up with a failure (never loops)', async () => {
    const blank = ui(node({ scrollable: true, bounds: b(0, 0, 1080, 2400) }));
    const h = await drive('字太小了看不清', Array<UiHierarchy>(8).fill(blank));
    expect(h.map((x) => x.action.type)).toEqual(['Swipe', 'Swipe', 'Swipe', 'LaunchApp', 'Swipe', 'Swipe', 'Swipe', 'Finish']);
    expect(h[3]!.action).toEqual({ type: 'LaunchApp', app: '设置' });
    expect(h[7]!.action).toMatchObject({ status: 'failure' });
  });

  it('waits once without a UI tree, then fails', async () => {
    const agent = new HeuristicAgent('h', tokenizer);
    const obs: AgentObservation = { screenshot: null, screen: SCREEN, ui: null };
    const first = await agent.step(obs, 'x', []);
    expect(first.action.type).toBe('Wait');
    expect((await agent.step(obs, 'x', [first.historyEntry])).action).toMatchObject({ type: 'Finish', status: 'failure' });
  });

  it('works on a real WeChat dump: "朋友圈" taps the Moments row (WeChat 1080×2310)', async () => {
    const wechat = parseUiXml(readFileSync(`${UI_DUMPS_DIR}07-wechat-1080x2310.xml`, 'utf8'));
    const agent = new HeuristicAgent('h', tokenizer);
    const r = await agent.step({ screenshot: null, screen: { width: 1080, height: 2310 }, ui: wechat }, '帮我看看朋友圈', []);
    expect(r.action.type).toBe('Tap');
    expect(r.thought).toContain('朋友圈');
  });
});
