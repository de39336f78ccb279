import type { Foreground } from './device-port.js';

// `ActivityRecord{hash u0 pkg/.Act tN}` and `Window{hash u0 pkg/pkg.Act}` as Android 8–15 print them.
const RECORD = /(?:ActivityRecord|Window)\{\S+ u\d+ ([A-Za-z][\w.]*)\/([^\s}]+)/;
const LINES = [/mCurrentFocus=(.*)/, /mFocusedApp=(.*)/, /topResumedActivity=(.*)/, /ResumedActivity: ?(.*)/, /mResumedActivity: ?(.*)/];

/** Expands a `.Activity` shorthand to the full class name. */
function fullActivity(pkg: string, act: string): string {
  return act.startsWith('.') ? pkg + act : act;
}

/**
 * Finds the foreground package/activity in `dumpsys window` or `dumpsys activity activities`
 * output, trying the line shapes of Android 10–15 in order of reliability. Non-app focus
 * (status bar, notification shade) falls through to the focused app.
 */
export function parseForeground(dumpsys: string): Foreground | null {
  for (const line of LINES) {
    for (const m of dumpsys.matchAll(new RegExp(line.source, 'g'))) {
      const r = RECORD.exec(m[1] ?? '');
      if (r) return { package: r[1]!, activity: fullActivity(r[1]!, r[2]!) };
    }
  }
  return null;
}
