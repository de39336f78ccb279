/**
 * A task's `setup` runs shell commands on the device before every attempt, and a task file may
 * come from anyone. These are the commands known to be harmless to a phone — they reset an app or
 * a display setting and nothing else; everything else (`rm`, `pm uninstall`, turning adb or Wi-Fi
 * off, a compound shell line) is reported by `tasks validate` and `tasks import`, and runs on a
 * real phone only after the user confirms it. docs/tasks.md lists the same set.
 */

/** Settings a setup may put: display, sound and accessibility preferences, each undone by the next task's setup. */
export const SAFE_SETTINGS: Readonly<Record<'system' | 'secure' | 'global', readonly string[]>> = {
  system: [
    'font_scale',
    'screen_brightness',
    'screen_brightness_mode',
    'screen_off_timeout',
    'accelerometer_rotation',
    'user_rotation',
    'volume_music',
    'volume_ring',
    'volume_alarm',
    'volume_notification',
    'vibrate_when_ringing',
    'haptic_feedback_enabled',
    'sound_effects_enabled',
    'time_12_24',
  ],
  secure: [
    'ui_night_mode',
    'accessibility_display_magnification_enabled',
    'high_text_contrast_enabled',
    'accessibility_captioning_enabled',
    'display_daltonizer_enabled',
  ],
  global: [
    'bluetooth_on',
    'auto_time',
    'auto_time_zone',
    'animator_duration_scale',
    'transition_animation_scale',
    'window_animation_scale',
  ],
};

/** Android package names: letters, digits, underscores, dots. */
const PACKAGE = /^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/;

export interface SetupFinding {
  taskId: string;
  command: string;
  /** Why it is not in the known-safe set, in words. */
  reason: string;
}

/** Shell words of a simple command, or why the line is more than one (pipes, `;`, redirection, substitution). */
export function shellWords(line: string): { words: string[] } | { compound: string } {
  const words: string[] = [];
  let word: string | null = null;
  let i = 0;
  const add = (c: string): void => {
    word = (word ?? '') + c;
  };
  while (i < line.length) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) return { compound: 'an unterminated quote' };
      add(line.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let j = i + 1;
      let text = '';
      for (; j < line.length && line[j] !== '"'; j++) {
        const d = line[j]!;
        if (d === '$' || d === '`') return { compound: 'a substitution ($ or `) inside double quotes' };
        if (d === '\\' && j + 1 < line.length) text += line[++j];
        else text += d;
      }
      if (j >= line.length) return { compound: 'an unterminated quote' };
      add(text);
      i = j + 1;
    } else if (c === ' ' || c === '\t') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (/[;&|<>()$`\\\n\r*?[\]{}~#!]/.test(c)) {
      return { compound: `the shell character ${JSON.stringify(c)} (more than one plain command)` };
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return { words };
}

/** Null when the command is in the known-safe set for this task; otherwise why not. */
export function setupCommandRisk(command: string, taskPackage: string): string | null {
  const parsed = shellWords(command.trim());
  if ('compound' in parsed) return `it is a shell line with ${parsed.compound}`;
  const [name, sub, ...rest] = parsed.words;
  if (name === undefined) return 'it is empty';
  switch (name) {
    case 'cmd':
      // The virtual phone's own control channel; a real phone has no such service and fails it harmlessly.
      return sub === 'vphone' ? null : `\`cmd ${sub ?? ''}\` controls a system service`;
    case 'am':
      if (sub === 'force-stop' || sub === 'kill')
        return rest.length === 1 && PACKAGE.test(rest[0]!) ? null : `\`am ${sub}\` takes one package name`;
      if (sub === 'start' || sub === 'start-activity') return null;
      return `\`am ${sub ?? ''}\` is not one of force-stop, kill, start`;
    case 'pm':
      if (sub === 'clear' && rest.length === 1) {
        return rest[0] === taskPackage ? null : `it clears the data of ${rest[0]}, not of the task's own app (${taskPackage})`;
      }
      return `\`pm ${sub ?? ''}\` changes installed apps or their data`;
    case 'settings': {
      if (sub === 'get' || sub === 'list') return null;
      if (sub !== 'put') return `\`settings ${sub ?? ''}\` is not a plain put of a known setting`;
      const [ns, key, value, ...more] = rest;
      if (value === undefined || more.length > 0) return '`settings put` takes a table, a key and a value';
      const known = (SAFE_SETTINGS as Record<string, readonly string[] | undefined>)[ns ?? ''];
      if (!known) return `\`${ns}\` is not a settings table (system, secure, global)`;
      return known.includes(key!) ? null : `${ns} ${key} is not a known display, sound or accessibility setting`;
    }
    case 'input':
      return sub === 'keyevent' && rest.length >= 1 ? null : `\`input ${sub ?? ''}\` acts on whatever is on the screen`;
    case 'sleep':
      return sub !== undefined && rest.length === 0 && /^\d+(\.\d+)?$/.test(sub) ? null : '`sleep` takes one number';
    case 'echo':
    case 'true':
      return null;
    default:
      return `\`${name}\` is not a command known to be harmless to a phone`;
  }
}

/** Every setup command of these tasks outside the known-safe set. */
export function reviewSetup(tasks: readonly { id: string; package: string; setup: readonly string[] }[]): SetupFinding[] {
  const out: SetupFinding[] = [];
  for (const t of tasks) {
    for (const command of t.setup) {
      const reason = setupCommandRisk(command, t.package);
      if (reason) out.push({ taskId: t.id, command, reason });
    }
  }
  return out;
}

/** One finding as a line for people. */
export function describeFinding(f: SetupFinding): string {
  const shown = f.command.length > 120 ? `${f.command.slice(0, 117)}…` : f.command;
  return `task "${f.taskId}": setup command \`${shown}\` is outside the known-safe set (${f.reason})`;
}
