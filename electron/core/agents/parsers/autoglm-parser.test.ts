import { describe, expect, it } from 'vitest';
import { parseAutoglm, readDuration } from './autoglm-parser.js';
import { REL1000 } from './test-contexts.js';

const p = (raw: string) => parseAutoglm(raw, REL1000);

describe('AutoGLM parser: documented examples', () => {
  it('parses the four example outputs', () => {
    expect(p('用户需要打开设置…我将直接启动。do(action="Launch", app="设置")').action).toEqual({ type: 'LaunchApp', app: '设置' });
    const r = p('<think>Search icon is at the top right.</think><answer>do(action="Tap", element=[924,37])</answer>');
    expect(r.action).toEqual({ type: 'Tap', at: { x: 924, y: 37 } });
    expect(r.thought).toBe('Search icon is at the top right.');
    expect(r.actionText).toBe('do(action="Tap", element=[924,37])');
    expect(p('do(action="Swipe", start=[500,800], end=[500,300])').action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 800 },
      to: { x: 500, y: 300 },
    });
    expect(p('finish(message="已为您将闹钟设置为7:00。")').action).toEqual({ type: 'Finish', message: '已为您将闹钟设置为7:00。' });
  });
});

describe('AutoGLM parser: the reply cases of docs/agents.md', () => {
  it('case 1: tags stripped by vLLM, a missing </answer>, <thinking>', () => {
    expect(p('我需要点击搜索框。do(action="Tap", element=[500,100])').action.type).toBe('Tap');
    expect(p('<think>x</think><answer>do(action="Back")').action).toEqual({ type: 'Back' });
    expect(p('<thinking>t</thinking>do(action="Home")').action).toEqual({ type: 'Home' });
    // a trailing </answer> left on the action must not break it (#347, #376)
    expect(p('thinking… do(action="Home")</answer>').action).toEqual({ type: 'Home' });
    // only the close tag of think survived
    const r = p('I will go back.</think><answer>do(action="Back")</answer>');
    expect(r.action).toEqual({ type: 'Back' });
    expect(r.thought).toBe('I will go back.');
  });

  it('case 1: GLM box markers and [EOS]', () => {
    expect(p('<|begin_of_box|>do(action="Tap", element=[10,20])<|end_of_box|>[EOS]').action).toEqual({ type: 'Tap', at: { x: 10, y: 20 } });
  });

  it('case 2: a thought that mentions finish( or do( does not win (pitfall d)', () => {
    const r = p('I should not call finish(message="done") yet; first do(action="Tap", element=[1,2])');
    expect(r.action).toEqual({ type: 'Tap', at: { x: 1, y: 2 } });
    expect(r.extras).toEqual(['finish(message="done")']);
    expect(p('Maybe finish( later. do(action="Back")').action).toEqual({ type: 'Back' });
  });

  it('case 3: several calls inside <answer>: the first is executed, the rest logged', () => {
    const r = p('<answer>do(action="Back")\n\ndo(action="Home")</answer>');
    expect(r.action).toEqual({ type: 'Back' });
    expect(r.extras).toEqual(['do(action="Home")']);
  });

  it('case 4: coordinate syntaxes: spaces, floats, negatives, placeholders', () => {
    expect(p('do(action="Tap", element=[ 512.5 , 86 ])').action).toEqual({ type: 'Tap', at: { x: 512.5, y: 86 } });
    const neg = p('do(action="Tap", element=[-5,10])');
    expect(neg.action).toEqual({ type: 'Tap', at: { x: 0, y: 10 } });
    expect(neg.flags.coordOutOfRange).toBe(true);
    const ph = p('do(action="Tap", element=[x,y])');
    expect(ph.action.type).toBe('ParseError');
    expect(p('do(action="Tap", element=[])').action.type).toBe('ParseError');
    expect(p('do(action="Tap")').action.type).toBe('ParseError');
  });

  it('case 5: y in physical pixels (#329) is clamped and flagged, never wrapped', () => {
    const r = p('do(action="Tap", element=[540,2200])');
    expect(r.action).toEqual({ type: 'Tap', at: { x: 540, y: 1000 } });
    expect(r.flags.coordOutOfRange).toBe(true);
    expect(p('do(action="Tap", element=[999,999])').flags.coordOutOfRange).toBeUndefined();
  });

  it('case 8: strings: real newlines (#154), escapes, CJK, quotes, parens, %, &, emoji', () => {
    expect(p('do(action="Type", text="第一行\n第二行")').action).toEqual({ type: 'Type', text: '第一行\n第二行', clear: true });
    expect(p('do(action="Type", text="say \\"hi\\" (now), 50% & 🎉")').action).toEqual({
      type: 'Type',
      text: 'say "hi" (now), 50% & 🎉',
      clear: true,
    });
    // an unescaped inner quote that cannot close the string stays literal
    expect(p('do(action="Type", text="他说"你好"吗")').action).toEqual({ type: 'Type', text: '他说"你好"吗', clear: true });
  });

  it('cases 8, 10: Type and Type_Name clear the field; names with spaces; Tap with message', () => {
    expect(p('do(action="Type_Name", text="张三")').action).toEqual({ type: 'Type', text: '张三', clear: true });
    expect(p('do(action="Long Press", element=[100,200])').action).toEqual({ type: 'LongPress', at: { x: 100, y: 200 }, ms: 3000 });
    expect(p('do(action="Double Tap", element=[100,200])').action).toEqual({ type: 'DoubleTap', at: { x: 100, y: 200 } });
    const t = p('do(action="Tap", element=[500,900], message="重要操作")');
    expect(t.action).toEqual({ type: 'Tap', at: { x: 500, y: 900 } });
    expect(t.flags.confirm).toBe('重要操作');
  });

  it('case 10: Wait durations "2 seconds", "2", "two" (→ 1 s)', () => {
    expect(p('do(action="Wait", duration="2 seconds")').action).toEqual({ type: 'Wait', seconds: 2 });
    expect(p('do(action="Wait", duration="2")').action).toEqual({ type: 'Wait', seconds: 2 });
    expect(p('do(action="Wait", duration="two")').action).toEqual({ type: 'Wait', seconds: 1 });
    expect(readDuration(undefined)).toBe(1);
  });

  it('Take_over and Interact ask the user; Note and Call_API are no-ops', () => {
    expect(p('do(action="Take_over", message="请登录")').action).toEqual({ type: 'AskUser', message: '请登录' });
    expect(p('do(action="Interact")').action.type).toBe('AskUser');
    expect(p('do(action="Note", message="True")').action.type).toBe('Noop');
    expect(p('do(action="Call_API", instruction="sum")').action.type).toBe('Noop');
  });

  it('case 12: garbage is a ParseError, never Finish or AskUser (#316)', () => {
    for (const g of ["[{'Type': 'Type'}]", '', '   ', 'I think the task is done.', '<think>only a thought</think>', 'do(action="Fly")']) {
      const a = p(g).action;
      expect(a.type).toBe('ParseError');
    }
  });

  it('case 13: a call cut off mid-way is reported as truncated', () => {
    const a = p('<think>t</think><answer>do(action="Type", text="hello wor');
    expect(a.action).toMatchObject({ type: 'ParseError', reason: expect.stringMatching(/truncated/) });
  });
});
