import { z } from 'zod';

/** Each setting's rule, without its default (so a patch never fills in untouched keys). */
const settingFields = {
  /** Multiplies the UI's base font size (16 px at 1): the app's users are lab staff on laptops; 200% for who reads large. */
  uiScale: z.number().min(1).max(2),
  theme: z.enum(['light', 'dark', 'high-contrast']),
  /** The adb server(s) the device layer talks to (a phone's server or the virtual phone's); several are comma-separated. */
  adbServer: z
    .string()
    .regex(/^[\w.-]+:\d{1,5}(\s*,\s*[\w.-]+:\d{1,5})*$/, 'write it as host:port, e.g. 127.0.0.1:5037 (several: comma-separated)'),
  /** Which language of a task's text every screen shows: the original, or the English translation where the task has one. */
  taskLanguage: z.enum(['zh', 'en']),
};

export type Settings = { [K in keyof typeof settingFields]: z.infer<(typeof settingFields)[K]> };

/** Every key has a default, so a fresh workspace and an old one missing a newer key read the same. */
export const DEFAULT_SETTINGS: Settings = {
  uiScale: 1,
  theme: 'light',
  adbServer: '127.0.0.1:5037',
  taskLanguage: 'zh',
};

export const SettingsSchema = z.object(settingFields).strict();
export const SettingsPatchSchema = z.object(settingFields).partial().strict();
export type SettingsPatch = z.infer<typeof SettingsPatchSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingFields) as SettingKey[];
