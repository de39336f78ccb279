import { describe, expect, it } from 'vitest';
import { demoNeed, demoNeedText } from './demo-need.js';

describe('demonstrations a task needs', () => {
  it('asks offline tasks for a second path and online tasks for one demonstration', () => {
    expect(demoNeed('offline', 0)).toBe('none');
    expect(demoNeed('offline', 1)).toBe('second-path');
    expect(demoNeed('offline', 2)).toBe('enough');
    expect(demoNeed('online', 1)).toBe('enough');
    expect(demoNeed('online', 0)).toBe('none');
  });

  it('says so in the picker', () => {
    expect(demoNeedText('offline', 1)).toBe('1 — needs a 2nd path');
    expect(demoNeedText('offline', 3)).toBe('3 ✓');
    expect(demoNeedText('online', 0)).toBe('none yet');
  });
});
