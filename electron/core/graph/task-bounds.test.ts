import { describe, expect, it } from 'vitest';
import type { UiNode } from '../../../shared/domain/ui-node.js';
import { optionsWithinBounds, taskBounds } from './task-bounds.js';

const option = (text: string, i: number): UiNode => ({
  index: i,
  text,
  resourceId: '',
  className: 'android.widget.CheckedTextView',
  packageName: 'com.vphone.browser',
  contentDesc: '',
  checkable: true,
  checked: false,
  clickable: true,
  enabled: true,
  focusable: true,
  focused: false,
  scrollable: false,
  longClickable: false,
  password: false,
  selected: false,
  bounds: { left: 0, top: i * 100, right: 500, bottom: i * 100 + 100 },
  naf: false,
  children: [],
});

describe('bounds a task states on a value', () => {
  it('reads "or more" and "or less" in both languages, and nothing where the task names one value', () => {
    expect(taskBounds(['字太小', '把浏览器网页的文字大小调到 150% 或更大'])).toEqual([{ value: 150, dir: 'atLeast' }]);
    expect(taskBounds(['把媒体音量调到 12 以上'])).toEqual([{ value: 12, dir: 'atLeast' }]);
    expect(taskBounds(['Set the volume to at least 12'])).toEqual([{ value: 12, dir: 'atLeast' }]);
    expect(taskBounds(['温度不超过 26 度'])).toEqual([{ value: 26, dir: 'atMost' }]);
    expect(taskBounds(['给儿子转五百，不对，三百', '给儿子转账 300 元', undefined])).toEqual([]);
    expect(taskBounds(['明天早上六点叫我', '设置一个 6:00 的闹钟'])).toEqual([]);
  });

  it('the options within the bound do as well as the one a demonstration tapped; a tap on another number binds nothing', () => {
    const group = ['100%', '125%', '150%', '200%'].map(option);
    const bound = [{ value: 150, dir: 'atLeast' as const }];
    expect(optionsWithinBounds(group, group[2]!, bound)?.map((o) => o.text)).toEqual(['150%', '200%']);
    expect(optionsWithinBounds(group, group[1]!, bound)).toBeNull();
    expect(optionsWithinBounds(group, group[2]!, [])).toBeNull();
    expect(optionsWithinBounds(group, group[2]!, [{ value: 150, dir: 'atMost' }])?.map((o) => o.text)).toEqual(['100%', '125%', '150%']);
  });
});
