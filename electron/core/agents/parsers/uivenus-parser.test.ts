import { describe, expect, it } from 'vitest';
import { makeUivenusParser, parseUivenus } from './uivenus-parser.js';
import { ABS_1092, REL1000 } from './test-contexts.js';

const v = (raw: string) => parseUivenus(raw, REL1000);

describe('UI-Venus parser: documented examples', () => {
  it('parses the four example outputs', () => {
    const r = v(
      '<think>The search box is at the top.</think>\n<action>Click(box=(512,86))</action>\n<conclusion>Tapped the search box.</conclusion>',
    );
    expect(r.action).toEqual({ type: 'Tap', at: { x: 512, y: 86 } });
    expect(r.thought).toBe('The search box is at the top.');
    expect(r.actionText).toBe('Click(box=(512,86))');
    expect(v("<think>…</think>\n<action>Type(content='杭州天气')</action>\n<conclusion>Typed the query.</conclusion>").action).toEqual({
      type: 'Type',
      text: '杭州天气',
    });
    expect(
      v('<think>…</think>\n<action>Scroll(start=(500,750), end=(500,250))</action>\n<conclusion>Scrolled down.</conclusion>').action,
    ).toEqual({ type: 'Swipe', from: { x: 500, y: 750 }, to: { x: 500, y: 250 }, ms: 500 });
    const c = v(
      "<think>…</think>\n<action>CallUser(content='文件名 壁纸_3.jpg 大小 2.1MB')</action>\n<conclusion>Reported the answer.</conclusion>",
    );
    expect(c.action).toEqual({ type: 'Noop', reason: 'CallUser answer: 文件名 壁纸_3.jpg 大小 2.1MB' });
    expect(c.flags.answer).toBe('文件名 壁纸_3.jpg 大小 2.1MB');
  });
});

describe('UI-Venus parser: the reply cases of docs/agents.md', () => {
  it('case 11: CallUser means ask when configured so; Finished after it ends', () => {
    const ask = makeUivenusParser('ask');
    expect(ask("<action>CallUser(content='请登录')</action>", REL1000).action).toEqual({ type: 'AskUser', message: '请登录' });
    expect(v("<action>Finished(content='')</action>").action).toEqual({ type: 'Finish' });
    expect(v("<action>Finished(content='done')</action>").action).toEqual({ type: 'Finish', message: 'done' });
  });

  it('case 11: Scroll(direction=…) in mobile mode, tuple floats, double-quoted strings', () => {
    expect(v("<action>Scroll(direction='down')</action>").action).toEqual({
      type: 'Swipe',
      from: { x: 500, y: 700 },
      to: { x: 500, y: 300 },
      ms: 500,
    });
    expect(v('<action>Click(box=(512.5,86.25))</action>').action).toEqual({ type: 'Tap', at: { x: 512.5, y: 86.25 } });
    expect(v('<action>Type(content="He said \\"hi\\"")</action>').action).toEqual({ type: 'Type', text: 'He said "hi"' });
  });

  it('case 6: Venus 1.0 reads absolute pixels of the resized image', () => {
    expect(parseUivenus('<action>Click(box=(546,1204))</action>', ABS_1092).action).toEqual({ type: 'Tap', at: { x: 500, y: 500 } });
  });

  it('maps every mobile verb', () => {
    expect(v('<action>LongPress(box=(1,2))</action>').action).toEqual({ type: 'LongPress', at: { x: 1, y: 2 }, ms: 1000 });
    expect(v('<action>Drag(start=(1,2), end=(3,4))</action>').action).toEqual({
      type: 'Swipe',
      from: { x: 1, y: 2 },
      to: { x: 3, y: 4 },
      ms: 1500,
    });
    expect(v("<action>Launch(app='微信')</action>").action).toEqual({ type: 'LaunchApp', app: '微信' });
    expect(v('<action>Wait()</action>').action).toEqual({ type: 'Wait' });
    expect(v('<action>PressBack()</action>').action).toEqual({ type: 'Back' });
    expect(v('<action>PressHome()</action>').action).toEqual({ type: 'Home' });
    expect(v('<action>PressEnter()</action>').action).toEqual({ type: 'Enter' });
    expect(v('<action>PressRecent()</action>').action).toEqual({ type: 'Key', key: 'Recent' });
  });

  it('case 12: unparseable output is a ParseError, never CallUser/AskUser (framework fallback)', () => {
    for (const g of ['<think>hmm</think>', '<action>Fly()</action>', 'random text', "<action>Click(box='')</action>"]) {
      const a = v(g).action;
      expect(a.type, g).toBe('ParseError');
    }
    expect(v('<action>Click(box=(1,').action).toMatchObject({ reason: expect.stringMatching(/truncated/) });
  });
});
