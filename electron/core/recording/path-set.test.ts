import { describe, expect, it } from 'vitest';
import { PathSetSchema } from './path-set.js';

describe('a path set as written by hand', () => {
  const path = (name: string, script: unknown[] = [{ type: 'Tap', on: '添加闹钟' }]) => ({
    task: 'clock-alarm-six',
    name,
    expect: 'right',
    script,
  });

  it('takes label-addressed and canonical steps, Finish implied or last', () => {
    const ok = PathSetSchema.safeParse([
      path('a'),
      path('b', [{ type: 'Back' }, { type: 'Type', text: '300' }, { type: 'Finish' }]),
      { task: 'clock-alarm-six', name: 'c', script: [{ type: 'Tap', on: '保存', scroll: 'down' }] },
    ]);
    expect(ok.success).toBe(true);
  });

  it('refuses an empty set or script, two paths of one task with one name, Finish before the end, an unknown field', () => {
    expect(PathSetSchema.safeParse([]).success).toBe(false);
    expect(PathSetSchema.safeParse([path('a', [])]).success).toBe(false);
    const twice = PathSetSchema.safeParse([path('a'), path('a')]);
    expect(twice.success).toBe(false);
    expect(twice.error?.issues[0]?.message).toMatch(/share a name/);
    expect(PathSetSchema.safeParse([path('a', [{ type: 'Finish' }, { type: 'Back' }])]).success).toBe(false);
    expect(PathSetSchema.safeParse([{ ...path('a'), expected: 'right' }]).success).toBe(false);
    // The same name on two tasks is two paths.
    expect(PathSetSchema.safeParse([path('a'), { ...path('a'), task: 'clock-timer-eggs' }]).success).toBe(true);
  });
});
