import type { DevicePort } from '../device/device-port.js';

/**
 * Robustness re-runs: the settings older adults change, applied to the device after each online
 * task's setup and put back after it is judged. Every change is made with the commands a real
 * phone takes (`settings`, `wm density`, `cmd uimode`) and read back, so a device that ignores
 * one fails loudly instead of running the task unchanged.
 */
import type { VariantName } from '../../../shared/schemas/run-spec.js';
export { VARIANTS } from '../../../shared/schemas/run-spec.js';
export type { VariantName } from '../../../shared/schemas/run-spec.js';

/** Android's largest Font size step in Settings (Android 14 goes further only non-linearly). */
export const LARGE_FONT_SCALE = '1.3';
/** Display size "Large": the physical density scaled like the Settings slider's step above default. */
export const LARGE_DISPLAY_FACTOR = 1.15;

export const VARIANT_DESCRIPTIONS: Record<VariantName, string> = {
  'font-large': `settings put system font_scale ${LARGE_FONT_SCALE}`,
  'display-large': `wm density <physical × ${LARGE_DISPLAY_FACTOR}, rounded>`,
  'high-contrast': 'settings put secure high_text_contrast_enabled 1',
  dark: 'cmd uimode night yes',
};

export interface AppliedVariant {
  name: VariantName;
  /** The commands that changed the device, as run. */
  commands: string[];
  /** Puts back what was there before (best effort: a device that is gone cannot be restored). */
  restore(): Promise<void>;
}

/** The variant's change could not be made on this device. */
export class VariantError extends Error {
  override readonly name = 'VariantError';
  constructor(
    readonly command: string,
    message: string,
  ) {
    super(message);
  }
}

const setting = (table: 'system' | 'secure', key: string) => ({
  get: async (d: DevicePort): Promise<string | null> => {
    const v = (await d.shell(`settings get ${table} ${key}`)).trim();
    return v === '' || v === 'null' ? null : v;
  },
  put: (value: string) => `settings put ${table} ${key} ${value}`,
  undo: (prev: string | null) => (prev === null ? `settings delete ${table} ${key}` : `settings put ${table} ${key} ${prev}`),
});

/** Physical and override density from `wm density` ("Physical density: 420", "Override density: 480"). */
export function parseWmDensity(out: string): { physical: number | null; override: number | null } {
  const n = (label: string): number | null => {
    const m = new RegExp(`${label} density:\\s*(\\d+)`).exec(out);
    return m ? Number(m[1]) : null;
  };
  return { physical: n('Physical'), override: n('Override') };
}

const NIGHT = { '0': 'auto', '1': 'no', '2': 'yes' } as Record<string, string>;

async function run(d: DevicePort, cmd: string): Promise<void> {
  await d.shell(cmd);
}

async function expectValue(
  d: DevicePort,
  cmd: string,
  read: () => Promise<string | null>,
  want: (v: string | null) => boolean,
): Promise<void> {
  const v = await read();
  if (!want(v)) throw new VariantError(cmd, `\`${cmd}\` did not take effect on ${d.serial} (read back: ${v ?? 'null'})`);
}

/** Applies one variant to the device; the caller restores it when the task is over. */
export async function applyVariant(d: DevicePort, name: VariantName): Promise<AppliedVariant> {
  switch (name) {
    case 'font-large':
    case 'high-contrast': {
      const s = name === 'font-large' ? setting('system', 'font_scale') : setting('secure', 'high_text_contrast_enabled');
      const value = name === 'font-large' ? LARGE_FONT_SCALE : '1';
      const prev = await s.get(d);
      const cmd = s.put(value);
      await run(d, cmd);
      await expectValue(
        d,
        cmd,
        () => s.get(d),
        (v) => v !== null && Number(v) === Number(value),
      );
      return { name, commands: [cmd], restore: () => run(d, s.undo(prev)) };
    }
    case 'display-large': {
      const before = parseWmDensity(await d.shell('wm density'));
      if (!before.physical) throw new VariantError('wm density', `cannot read the density of ${d.serial} from \`wm density\``);
      const target = Math.round(before.physical * LARGE_DISPLAY_FACTOR);
      const cmd = `wm density ${target}`;
      await run(d, cmd);
      await expectValue(
        d,
        cmd,
        async () => String(parseWmDensity(await d.shell('wm density')).override ?? ''),
        (v) => v === String(target),
      );
      return { name, commands: [cmd], restore: () => run(d, before.override ? `wm density ${before.override}` : 'wm density reset') };
    }
    case 'dark': {
      const s = setting('secure', 'ui_night_mode');
      const prev = await s.get(d);
      const cmd = 'cmd uimode night yes';
      await run(d, cmd);
      await expectValue(
        d,
        cmd,
        () => s.get(d),
        (v) => v === '2',
      );
      return { name, commands: [cmd], restore: () => run(d, `cmd uimode night ${NIGHT[prev ?? '1'] ?? 'no'}`) };
    }
  }
}
