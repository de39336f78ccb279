import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import type { Settings } from '../../../shared/schemas/settings.js';
import { DEFAULT_SETTINGS, SETTING_KEYS, SettingsPatchSchema } from '../../../shared/schemas/settings.js';
import type { ServiceContext } from '../service-context.js';

/**
 * Reads merge stored values over defaults, dropping any stored value that no longer
 * validates (e.g. written by an older version), so a bad row can never break the app.
 */
export function readSettings(ctx: ServiceContext): Settings {
  const stored = ctx.store().settings.all();
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const key of SETTING_KEYS) {
    if (!(key in stored)) continue;
    const one = SettingsPatchSchema.safeParse({ [key]: stored[key] });
    if (one.success) Object.assign(out, one.data);
  }
  return out;
}

export function settingsService(ctx: ServiceContext): ElderBenchHandlers['settings'] {
  return {
    get: () => readSettings(ctx),
    update: (patch) => {
      ctx.store().settings.putMany(patch);
      const next = readSettings(ctx);
      ctx.events.emit('settings', 'onChanged', next);
      ctx.events.emit('system', 'onDataChanged', { table: 'settings' });
      return next;
    },
  };
}
