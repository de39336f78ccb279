import { describe, expect, it } from 'vitest';
import { parseForeground } from './foreground.js';

describe('parseForeground', () => {
  it.each([
    [
      'Android 10–15 mCurrentFocus',
      '  mCurrentFocus=Window{3c2f1e7 u0 com.android.settings/com.android.settings.Settings}',
      'com.android.settings',
      'com.android.settings.Settings',
    ],
    [
      'mFocusedApp with shorthand',
      '  mFocusedApp=ActivityRecord{a1b2c3d u0 com.android.settings/.Settings t42}',
      'com.android.settings',
      'com.android.settings.Settings',
    ],
    [
      'older AppWindowToken',
      '  mFocusedApp=AppWindowToken{1 token=Token{2 ActivityRecord{a1 u0 com.example/.MainActivity t7}}}',
      'com.example',
      'com.example.MainActivity',
    ],
    [
      'Android 8–11 mResumedActivity',
      '    mResumedActivity: ActivityRecord{1e44eb8 u0 com.example/.MainActivity t653}',
      'com.example',
      'com.example.MainActivity',
    ],
    [
      'Android 12+ topResumedActivity',
      '  topResumedActivity=ActivityRecord{9 u0 com.tencent.mm/.ui.LauncherUI t12}',
      'com.tencent.mm',
      'com.tencent.mm.ui.LauncherUI',
    ],
  ])('%s', (_n, text, pkg, act) => {
    expect(parseForeground(`junk\n${text}\nmore`)).toEqual({ package: pkg, activity: act });
  });

  it('skips non-app focus and falls back to the focused app', () => {
    const text =
      '  mCurrentFocus=Window{1 u0 NotificationShade}\n  mFocusedApp=ActivityRecord{2 u0 com.android.dialer/.main.MainActivity t3}';
    expect(parseForeground(text)).toEqual({ package: 'com.android.dialer', activity: 'com.android.dialer.main.MainActivity' });
  });

  it('returns null during transitions', () => {
    expect(parseForeground('  mCurrentFocus=null\n  mFocusedApp=null')).toBeNull();
  });
});
