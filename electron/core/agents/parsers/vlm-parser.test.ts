import { describe, expect, it } from 'vitest';
import { parseVlm } from './vlm-parser.js';
import { REL1000 } from './test-contexts.js';

const p = (raw: string) => parseVlm(raw, REL1000);

describe('generic VLM parser', () => {
  it('reads the documented format, fenced or bare', () => {
    const r = p('Thought: the volume slider is in Settings.\n```json\n{"action": "tap", "point": [120, 640]}\n```');
    expect(r.action).toEqual({ type: 'Tap', at: { x: 120, y: 640 } });
    expect(r.thought).toBe('the volume slider is in Settings.');
    expect(p('{"action":"swipe","from":[500,800],"to":[500,200]}').action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 800 },
      to: { x: 500, y: 200 },
      ms: 500,
    });
    expect(p('{"action":"type","text":"你好","submit":true}').action).toEqual({ type: 'Type', text: '你好', submit: true });
    expect(p('{"action":"finish","message":"done","status":"success"}').action).toEqual({
      type: 'Finish',
      message: 'done',
      status: 'success',
    });
    expect(p('{"action":"ask_user","message":"which one?"}').action).toEqual({ type: 'AskUser', message: 'which one?' });
    expect(p('{"action":"scroll","direction":"down"}').action).toMatchObject({ type: 'Swipe', from: { x: 500, y: 700 } });
    expect(p('{"action":"launch_app","app":"Settings"}').action).toEqual({ type: 'LaunchApp', app: 'Settings' });
  });

  it('x comes first: [x, y]; {"x","y"} objects are accepted; the last action object wins', () => {
    expect(p('{"action":"tap","point":{"x":10,"y":900}}').action).toEqual({ type: 'Tap', at: { x: 10, y: 900 } });
    const r = p('Thought: e.g. {"action":"back"} would be wrong.\n{"action":"home"}');
    expect(r.action).toEqual({ type: 'Home' });
    expect(r.extras).toEqual(['{"action":"back"}']);
  });

  it('garbage, wrong shapes and cut-off replies are ParseErrors', () => {
    expect(p('I am done').action.type).toBe('ParseError');
    expect(p('{"action":"tap"}').action.type).toBe('ParseError');
    expect(p('{"action":"tap","point":[1]}').action.type).toBe('ParseError');
    expect(p('{"action":"teleport"}').action.type).toBe('ParseError');
    expect(p('{"action":"tap","point":[1').action).toMatchObject({ reason: expect.stringMatching(/truncated/) });
  });
});
