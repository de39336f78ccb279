import type { CommandFn } from '../shell/interpreter.js';
import type { PhoneModel } from './phone.js';
import { SCREEN_W, SCREEN_H, DENSITY_DPI } from '../ui/theme.js';

/**
 * The display settings older adults change, with the shell commands real phones take:
 * `wm density [N|reset]` (Settings > Display size; Android keeps it in the secure setting
 * `display_density_forced`, which is what the renderer reads) and `cmd uimode night
 * [yes|no|auto]` (dark theme; `ui_night_mode` 2/1/0). Font scale and high-contrast text are
 * plain `settings put` commands.
 */
const FORCED = 'display_density_forced';

export function wmCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, arg] = ctx.args;
    if (sub === 'size') {
      if (arg !== undefined && arg !== 'reset') {
        ctx.err('Error: changing the display size in pixels is not supported by the virtual phone; use wm density\n');
        return 1;
      }
      ctx.out(`Physical size: ${SCREEN_W}x${SCREEN_H}\n`);
      return 0;
    }
    if (sub === 'density') {
      if (arg === undefined) {
        const forced = phone.settings.get('secure', FORCED);
        ctx.out(`Physical density: ${DENSITY_DPI}\n${forced ? `Override density: ${forced}\n` : ''}`);
        return 0;
      }
      if (arg === 'reset') {
        phone.settings.delete('secure', FORCED);
        return 0;
      }
      const n = Number(arg);
      if (!/^\d+$/.test(arg) || n < 72 || n > 1000) {
        ctx.err(`Error: bad density ${arg}: give a number of dpi (72-1000) or reset\n`);
        return 1;
      }
      phone.settings.put('secure', FORCED, String(n));
      return 0;
    }
    ctx.err(`Error: unknown command '${sub ?? ''}'\n`);
    return 1;
  };
}

const NIGHT_VALUES: Record<string, string> = { auto: '0', no: '1', yes: '2' };
const NIGHT_NAMES: Record<string, string> = { '0': 'auto', '1': 'no', '2': 'yes' };

/** `cmd uimode night [yes|no|auto]` (UiModeManagerService's shell). */
export function uimodeCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const [sub, value] = ctx.args;
    if (sub !== 'night') {
      ctx.err(`Unknown command: ${sub ?? ''}\nUiModeManager service (uimode) commands:\n  night [yes|no|auto]\n`);
      return 1;
    }
    if (value !== undefined) {
      const v = NIGHT_VALUES[value];
      if (v === undefined) {
        ctx.err(`Error: mode must be 'yes', 'no', or 'auto'\n`);
        return 1;
      }
      phone.settings.put('secure', 'ui_night_mode', v);
    }
    ctx.out(`Night mode: ${NIGHT_NAMES[phone.settings.get('secure', 'ui_night_mode') ?? '1'] ?? 'no'}\n`);
    return 0;
  };
}
