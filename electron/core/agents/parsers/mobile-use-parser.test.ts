import { describe, expect, it } from 'vitest';
import { parseMobileUse } from './mobile-use-parser.js';
import { REL1000, REL999 } from './test-contexts.js';

const owl = (raw: string) => parseMobileUse(raw, REL1000);
const qwen3 = (raw: string) => parseMobileUse(raw, REL999);
const call = (args: object) => `Action: x\n<tool_call>\n${JSON.stringify({ name: 'mobile_use', arguments: args })}\n</tool_call>`;

describe('mobile_use parser (GUI-Owl 1.5, Qwen-VL): documented examples', () => {
  it('parses the GUI-Owl example outputs', () => {
    const o = owl(
      'Action: Open the Settings app.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "open", "text": "Settings"}}\n</tool_call>',
    );
    expect(o.action).toEqual({ type: 'LaunchApp', app: 'Settings' });
    expect(o.actionText).toBe('Open the Settings app.');
    expect(
      owl(
        'Action: Tap the "Display" entry.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [503, 412]}}\n</tool_call>',
      ).action,
    ).toEqual({ type: 'Tap', at: { x: 503, y: 412 } });
    expect(owl(call({ action: 'swipe', coordinate: [500, 750], coordinate2: [500, 300] })).action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 750 },
      to: { x: 500, y: 300 },
      ms: 500,
    });
    expect(owl(call({ action: 'terminate', status: 'success' })).action).toEqual({ type: 'Finish', status: 'success' });
  });

  it('parses the Qwen3-VL notebook output on the 0–999 grid', () => {
    const r = qwen3(
      'Thought: To search for Musk in X, I need to click on the search bar at the top of the screen.\nAction: "I tapped on the search bar to begin searching for Musk."\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [447, 81]}}\n</tool_call>',
    );
    expect(r.action).toEqual({ type: 'Tap', at: { x: 447.447, y: 81.081 } });
    expect(r.actionText).toBe('I tapped on the search bar to begin searching for Musk.');
    expect(r.thought).toMatch(/^To search for Musk/);
    expect(qwen3(call({ action: 'click', coordinate: [999, 999] })).action).toEqual({ type: 'Tap', at: { x: 1000, y: 1000 } });
    expect(qwen3(call({ action: 'system_button', button: 'Back' })).action).toEqual({ type: 'Back' });
    expect(qwen3(call({ action: 'type', text: 'Qwen-VL' })).action).toEqual({ type: 'Type', text: 'Qwen-VL' });
    expect(qwen3(call({ action: 'terminate', status: 'failure' })).action).toEqual({ type: 'Finish', status: 'failure' });
  });
});

describe('mobile_use parser: tool-call JSON (reply case 9)', () => {
  it('with and without inner newlines, fenced, or with think in front', () => {
    expect(owl('<tool_call>{"name":"mobile_use","arguments":{"action":"system_button","button":"Home"}}</tool_call>').action).toEqual({
      type: 'Home',
    });
    expect(
      owl('<think>hmm</think>\n```json\n<tool_call>{"name":"mobile_use","arguments":{"action":"wait","time":2}}</tool_call>\n```').action,
    ).toEqual({ type: 'Wait', seconds: 2 });
  });

  it('several blocks: the first wins, the rest are logged', () => {
    const r = owl(`${call({ action: 'system_button', button: 'Back' })}\n${call({ action: 'system_button', button: 'Home' })}`);
    expect(r.action).toEqual({ type: 'Back' });
    expect(r.extras).toHaveLength(1);
  });

  it('arguments given as a JSON string; the tap synonym; a 4-number coordinate', () => {
    const s = `<tool_call>${JSON.stringify({ name: 'mobile_use', arguments: JSON.stringify({ action: 'tap', coordinate: [10, 20] }) })}</tool_call>`;
    expect(owl(s).action).toEqual({ type: 'Tap', at: { x: 10, y: 20 } });
    expect(owl(call({ action: 'click', coordinate: [100, 200, 300, 400] })).action).toEqual({ type: 'Tap', at: { x: 200, y: 300 } });
  });

  it('unknown names, missing coordinate2, bad coordinates ⇒ ParseError', () => {
    expect(owl(call({ action: 'fly' })).action.type).toBe('ParseError');
    expect(owl(call({ action: 'swipe', coordinate: [1, 2] })).action).toMatchObject({
      type: 'ParseError',
      reason: expect.stringMatching(/coordinate2/),
    });
    expect(owl(call({ action: 'click', coordinate: [1, 2, 3] })).action.type).toBe('ParseError');
    expect(owl(call({ action: 'click', coordinate: 'here' })).action.type).toBe('ParseError');
    expect(owl('<tool_call>{"name":"mobile_use","arguments":"{not json"}</tool_call>').action.type).toBe('ParseError');
  });

  it('terminate with a status other than success/failure is a Finish without status, flagged', () => {
    const r = owl(call({ action: 'terminate', status: 'maybe' }));
    expect(r.action).toEqual({ type: 'Finish' });
    expect(r.flags.unknownStatus).toBe('maybe');
    expect(owl(call({ action: 'terminate', status: 'fail' })).action).toEqual({ type: 'Finish', status: 'failure' });
  });

  it('answer ends with the text; interact/ask_user/call_user ask the user; key and long_press map', () => {
    expect(owl(call({ action: 'answer', text: '2.1MB' })).action).toEqual({ type: 'Finish', message: '2.1MB', status: 'success' });
    for (const a of ['interact', 'ask_user', 'call_user']) {
      expect(owl(call({ action: a, text: '哪一个?' })).action).toEqual({ type: 'AskUser', message: '哪一个?' });
    }
    expect(owl(call({ action: 'key', text: 'KEYCODE_BACK' })).action).toEqual({ type: 'Back' });
    expect(owl(call({ action: 'long_press', coordinate: [1, 2], time: 2 })).action).toEqual({
      type: 'LongPress',
      at: { x: 1, y: 2 },
      ms: 2000,
    });
    expect(owl(call({ action: 'system_button', button: 'Enter' })).action).toEqual({ type: 'Enter' });
  });

  it('case 5: out-of-range is clamped and flagged', () => {
    const r = owl(call({ action: 'click', coordinate: [1200, -3] }));
    expect(r.action).toEqual({ type: 'Tap', at: { x: 1000, y: 0 } });
    expect(r.flags.coordOutOfRange).toBe(true);
  });

  it('cases 12, 13: garbage, empty, thought-only and cut-off replies', () => {
    expect(owl('').action.type).toBe('ParseError');
    expect(owl('Action: I will tap the button.').action.type).toBe('ParseError');
    expect(owl('<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [1').action).toMatchObject({
      type: 'ParseError',
      reason: expect.stringMatching(/truncated/),
    });
  });
});
