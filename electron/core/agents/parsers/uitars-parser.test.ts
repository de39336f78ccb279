import { describe, expect, it } from 'vitest';
import { parseUitars } from './uitars-parser.js';
import { ABS_1092, REL1000 } from './test-contexts.js';

const abs = (raw: string) => parseUitars(raw, ABS_1092);
const rel = (raw: string) => parseUitars(raw, REL1000);

describe('UI-TARS parser: documented examples', () => {
  it('parses the five example outputs', () => {
    expect(abs("Thought: 我需要先打开设置应用。\nAction: open_app(app_name='Settings')").action).toEqual({
      type: 'LaunchApp',
      app: 'Settings',
    });
    const r = abs("Thought: Tap the search bar at the top.\nAction: click(start_box='(546,182)')");
    expect(r.action).toEqual({ type: 'Tap', at: { x: 500, y: 75.581 } });
    expect(r.thought).toBe('Tap the search bar at the top.');
    expect(abs("Thought: Enter the query and submit.\nAction: type(content='weather today\\n')").action).toEqual({
      type: 'Type',
      text: 'weather today',
      submit: true,
    });
    expect(abs("Thought: The setting is enabled; task complete.\nAction: finished(content='Dark mode is now on.')").action).toEqual({
      type: 'Finish',
      message: 'Dark mode is now on.',
    });
    expect(rel("Thought: Click the Wi-Fi entry.\nAction: click(point='<point>512 230</point>')").action).toEqual({
      type: 'Tap',
      at: { x: 512, y: 230 },
    });
  });

  it('case 6: the same numbers mean different places for 1.5 (absolute) and Doubao/1.0 (relative)', () => {
    const raw = "Action: click(start_box='(546,1204)')";
    expect(abs(raw).action).toEqual({ type: 'Tap', at: { x: 500, y: 500 } });
    expect(rel(raw).action).toEqual({ type: 'Tap', at: { x: 546, y: 1000 } });
    expect(rel(raw).flags.coordOutOfRange).toBe(true);
  });
});

describe('UI-TARS parser: the reply cases of docs/agents.md', () => {
  it('case 1: Reflection/Action_Summary and <think> wrappers', () => {
    const r = abs('Reflection: the last tap missed.\nAction_Summary: tap the icon again\nAction: press_back()');
    expect(r.action).toEqual({ type: 'Back' });
    expect(abs('<think>go home</think>\nThought: x\nAction: press_home()').action).toEqual({ type: 'Home' });
  });

  it('case 2: the last Action: marker, first complete call after it', () => {
    const r = abs('Thought: a\nAction: press_back()\nThought: b\nAction: press_home()');
    expect(r.action).toEqual({ type: 'Home' });
    // thought mentions a call and Action:
    expect(abs("Thought: I could click(start_box='(1,1)') but Action: is next\nAction: press_home()").action).toEqual({ type: 'Home' });
  });

  it('case 2: full-width colon, Action: inside quoted content, apostrophes and unterminated quotes in the thought', () => {
    expect(abs('Thought: 好\nAction：press_home()').action).toEqual({ type: 'Home' });
    expect(abs("Thought: type it\nAction: type(content='Action: wait()')").action).toEqual({ type: 'Type', text: 'Action: wait()' });
    expect(abs("Thought: Open the users' settings\nAction: press_back()").action).toEqual({ type: 'Back' });
    expect(abs("Thought: it's the 'Settings icon\nAction: click(start_box='(546,182)')").action.type).toBe('Tap');
  });

  it('case 3: several calls: blank-line separated and "then": first executed, others logged', () => {
    const r = abs('Thought: x\nAction: press_back()\n\npress_home()');
    expect(r.action).toEqual({ type: 'Back' });
    expect(r.extras).toEqual(['press_home()']);
    const t = abs("Action: click(start_box='(546,182)') then wait()");
    expect(t.action.type).toBe('Tap');
    expect(t.extras).toEqual(['wait()']);
  });

  it('case 4: every coordinate syntax', () => {
    const cases: [string, { x: number; y: number }][] = [
      ["click(start_box='<|box_start|>(546,1204)<|box_end|>')", { x: 500, y: 500 }],
      ["click(start_box='(546,1204)')", { x: 500, y: 500 }],
      ["click(start_box='[536, 1194, 556, 1214]')", { x: 500, y: 500 }],
      ["click(start_box='(536,1194)(556,1214)')", { x: 500, y: 500 }],
      ["click(start_box='<bbox>536 1194 556 1214</bbox>')", { x: 500, y: 500 }],
      ["click(point='<point>546 1204</point>')", { x: 500, y: 500 }],
      ["click(start_box='( 546 , 1204 )')", { x: 500, y: 500 }],
      ["click(start_box='(546.0,1204.0)')", { x: 500, y: 500 }],
      ['click(start_box=(546,1204))', { x: 500, y: 500 }],
    ];
    for (const [call, at] of cases) expect(abs(`Action: ${call}`).action, call).toEqual({ type: 'Tap', at });
    for (const bad of [
      "click(start_box='=')",
      "click(start_box='')",
      "click(start_box='[x,y]')",
      "click(point='<point>x1 y1</point>')",
      "click(start_box='(1,2,3)')",
    ]) {
      expect(abs(`Action: ${bad}`).action.type, bad).toBe('ParseError');
    }
  });

  it("case 5: x > W' on an absolute model is clamped and flagged", () => {
    const r = abs("Action: click(start_box='(1500,100)')");
    expect(r.action).toMatchObject({ type: 'Tap', at: { x: 1000 } });
    expect(r.flags.coordOutOfRange).toBe(true);
  });

  it('case 8: escaped quotes, newlines, apostrophes inside single quotes, parens and commas', () => {
    expect(abs("Action: type(content='It\\'s \\\"ok\\\"')").action).toEqual({ type: 'Type', text: 'It\'s "ok"' });
    expect(abs("Action: type(content='it's fine')").action).toEqual({ type: 'Type', text: "it's fine" });
    expect(abs("Action: type(content='()()')").action).toEqual({ type: 'Type', text: '()()' });
    expect(abs("Action: type(content='a, b) c')").action).toEqual({ type: 'Type', text: 'a, b) c' });
    expect(abs("Action: finished(content='line1\\nline2 100% & 😀')").action).toEqual({
      type: 'Finish',
      message: 'line1\nline2 100% & 😀',
    });
    expect(abs("Action: type(content='杭州天气')").action).toEqual({ type: 'Type', text: '杭州天气' });
  });

  it('scroll by direction follows the prompt meaning (content appears on that side)', () => {
    expect(abs("Action: scroll(start_box='(546,1204)', direction='down')").action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 500 },
      to: { x: 500, y: 100 },
      ms: 500,
    });
    expect(abs("Action: scroll(direction='up')").action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 300 },
      to: { x: 500, y: 700 },
      ms: 500,
    });
    expect(abs("Action: scroll(start_box='(546,1204)', direction='sideways')").action.type).toBe('ParseError');
    // v1.0 scroll with two boxes is a finger path
    expect(rel("Action: scroll(start_box='(500,800)', end_box='(500,200)')").action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 800 },
      to: { x: 500, y: 200 },
      ms: 500,
    });
  });

  it('older variants: drag, swipe, long_press with time, hotkeys, wait, call_user, finished()', () => {
    expect(rel("Action: drag(start_point='<point>1 2</point>', end_point='<point>3 4</point>')").action).toEqual({
      type: 'Swipe',
      from: { x: 1, y: 2 },
      to: { x: 3, y: 4 },
      ms: 1500,
    });
    expect(rel("Action: swipe(start_box='[0, 0, 10, 10]', end_box='[20, 20, 30, 30]')").action).toMatchObject({
      type: 'Swipe',
      from: { x: 5, y: 5 },
    });
    expect(rel("Action: long_press(start_box='(5,5)', time='2')").action).toEqual({ type: 'LongPress', at: { x: 5, y: 5 }, ms: 2000 });
    expect(rel("Action: long_press(start_box='(5,5)', time='')").action).toEqual({ type: 'LongPress', at: { x: 5, y: 5 }, ms: 1000 });
    expect(rel("Action: hotkey(key='enter')").action).toEqual({ type: 'Enter' });
    expect(rel("Action: hotkey(key='back')").action).toEqual({ type: 'Back' });
    expect(rel("Action: hotkey(key='ctrl c')").action.type).toBe('ParseError');
    expect(rel('Action: wait()').action).toEqual({ type: 'Wait', seconds: 5 });
    expect(rel('Action: call_user()').action).toEqual({ type: 'AskUser', message: '' });
    expect(rel('Action: finished()').action).toEqual({ type: 'Finish' });
    expect(rel("Action: left_double(start_box='(5,5)')").action).toEqual({ type: 'DoubleTap', at: { x: 5, y: 5 } });
  });

  it('case 12: garbage and thought-only replies are ParseErrors', () => {
    for (const g of ['Thought: I am not sure what to do.', 'Action: fly_away()', '{"action": "click"}', '']) {
      expect(abs(g).action.type, g).toBe('ParseError');
    }
  });

  it('case 13: a call cut off by max_tokens is truncated', () => {
    expect(abs("Thought: x\nAction: type(content='hello wor").action).toMatchObject({ reason: expect.stringMatching(/truncated/) });
  });
});
