/**
 * `settings` provider tables (system / secure / global) with stock-ish defaults. The Settings app
 * renders from and writes to these, so `settings get` is the ground truth a rule-based check reads.
 */
export type SettingsTable = 'system' | 'secure' | 'global';

export const LATIN_IME = 'com.android.inputmethod.latin/.LatinIME';
export const ADB_IME = 'com.android.adbkeyboard/.AdbIME';

export function defaultSettings(locale: 'en' | 'zh'): Record<SettingsTable, Record<string, string>> {
  return {
    system: {
      font_scale: '1.0',
      screen_brightness: '128',
      screen_brightness_mode: '0',
      screen_off_timeout: '60000',
      volume_music: '8', // 0..15, STREAM_MUSIC
      volume_ring: '5', // 0..7, STREAM_RING
      ringtone: 'content://media/internal/audio/media/31?title=Pixel%20Sounds',
      ringtone_title: locale === 'zh' ? '清脆' : 'Crystal',
      vibrate_when_ringing: '0',
      haptic_feedback_enabled: '1',
      time_12_24: '24',
    },
    secure: {
      default_input_method: LATIN_IME,
      enabled_input_methods: `${LATIN_IME}:${ADB_IME}`,
      ui_night_mode: '1', // 1 = no, 2 = yes (UiModeManager)
      accessibility_display_magnification_enabled: '0',
      high_text_contrast_enabled: '0',
      accessibility_captioning_enabled: '0',
      android_id: '5e1f0c0ffee0b0e1',
    },
    global: {
      wifi_on: '1',
      bluetooth_on: '0',
      airplane_mode_on: '0',
      auto_time: '1',
      adb_enabled: '1',
      device_name: 'vPhone',
      mobile_data: '1',
    },
  };
}

export class SettingsStore {
  private tables: Record<SettingsTable, Map<string, string>>;
  constructor(private readonly locale: 'en' | 'zh') {
    this.tables = this.fresh();
  }

  private fresh(): Record<SettingsTable, Map<string, string>> {
    const d = defaultSettings(this.locale);
    return {
      system: new Map(Object.entries(d.system)),
      secure: new Map(Object.entries(d.secure)),
      global: new Map(Object.entries(d.global)),
    };
  }

  get(table: SettingsTable, key: string): string | undefined {
    return this.tables[table].get(key);
  }

  put(table: SettingsTable, key: string, value: string): void {
    this.tables[table].set(key, value);
  }

  delete(table: SettingsTable, key: string): boolean {
    return this.tables[table].delete(key);
  }

  list(table: SettingsTable): Array<[string, string]> {
    return [...this.tables[table].entries()].sort(([a], [b]) => a.localeCompare(b));
  }

  num(table: SettingsTable, key: string, fallback: number): number {
    const v = Number(this.get(table, key));
    return Number.isFinite(v) ? v : fallback;
  }

  reset(): void {
    this.tables = this.fresh();
  }

  /** Puts back tables saved with toJSON (a phone snapshot being restored). */
  restore(saved: Record<SettingsTable, Record<string, string>>): void {
    this.tables = {
      system: new Map(Object.entries(saved.system)),
      secure: new Map(Object.entries(saved.secure)),
      global: new Map(Object.entries(saved.global)),
    };
  }

  toJSON(): Record<SettingsTable, Record<string, string>> {
    return {
      system: Object.fromEntries(this.tables.system),
      secure: Object.fromEntries(this.tables.secure),
      global: Object.fromEntries(this.tables.global),
    };
  }
}
