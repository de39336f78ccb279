import type { AdbServer } from '../../adapters/adb/adb-client.js';
import { shellLines } from '../../adapters/adb/shell-lines.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { TouchDecoder, findTouchscreen, parseEventLine, parseInputDevices } from '../../core/device/getevent.js';
import { captureObservation } from '../../core/recording/capture.js';
import type { HandObservation } from '../../core/recording/hand-recorder.js';
import { HandRecorder } from '../../core/recording/hand-recorder.js';
import type { Recorder } from '../../core/recording/recorder.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import type { RecordedStep } from '../../../shared/domain/recording.js';
import type { Bounds } from '../../../shared/domain/ui-node.js';

/**
 * Wires recording from the phone in hand to one phone: `getevent -lp` finds the touchscreen and its
 * range, `getevent -lt` streams what the annotator does, and every gesture is committed through the
 * recorder with the screen from before it. What the annotator does is never sent back to the phone.
 */
export interface HandSession {
  /** Stops reading the phone, commits what is pending (text being typed); the caller then finishes the recorder. */
  finish(): Promise<void>;
  /** Resolves when every gesture so far is handled. */
  idle(): Promise<void>;
  stop(): void;
}

/** Time for the screen to settle after a gesture (a page transition, a ripple) before it is captured. */
export const SETTLE_MS = 300;

/** The input method window's frame in `dumpsys window windows` (`frame=` on Android 10+, `mFrame=` before). */
export function keyboardFrame(windows: string): Bounds | null {
  const m = /Window\{[0-9a-f]+ u0 InputMethod\}:[\s\S]*?\b(?:m?Frame|frame)=\[(\d+),(\d+)\]\[(\d+),(\d+)\]/.exec(windows);
  if (!m) return null;
  const [left, top, right, bottom] = m.slice(1).map(Number) as [number, number, number, number];
  return right > left && bottom > top ? { left, top, right, bottom } : null;
}

export async function startHandSession(opts: {
  server: AdbServer;
  serial: string;
  device: DevicePort;
  recorder: Recorder;
  /** Runs one capture so the window can show its progress. */
  track<T>(call: () => Promise<T>): Promise<T>;
  onStep(step: RecordedStep): void;
  log(message: string): void;
  settleMs?: number;
}): Promise<HandSession> {
  const { device, recorder } = opts;
  const devices = parseInputDevices(await device.shell('getevent -lp'));
  const touch = findTouchscreen(devices);
  if (!touch) {
    throw new Error(
      `${opts.serial}: no touchscreen in \`getevent -lp\` (found ${devices.map((d) => d.name || d.path).join(', ') || 'no input devices'}); this phone cannot be recorded by hand`,
    );
  }
  let rotation = 0;
  const capture = (): Promise<HandObservation> =>
    opts.track(async () => {
      const [obs, ime, windows] = await Promise.all([
        captureObservation(device),
        device.shell('dumpsys input_method'),
        device.shell('dumpsys window windows'),
      ]);
      try {
        rotation = parseUiXml(obs.xml).rotation;
      } catch {
        // An unreadable dump keeps the last rotation; the step stores the dump as it came.
      }
      return { ...obs, keyboard: /mInputShown=true/.test(ime) ? { frame: keyboardFrame(windows) } : null };
    });
  const hand = new HandRecorder(
    {
      screen: recorder.deviceInfo.screen,
      capture,
      settleMs: opts.settleMs ?? SETTLE_MS,
      commit: async (action, before) => {
        const step = await recorder.observed(action, before);
        opts.onStep(step);
        return step;
      },
    },
    (e) => opts.log(`recording ${opts.serial} by hand: ${(e as Error).message}`),
  );
  const decoder = new TouchDecoder(
    touch,
    () => ({ ...recorder.deviceInfo.screen, rotation }),
    (i) => hand.input(i),
  );
  const lines = await shellLines(opts.server, opts.serial, 'getevent -lt', (line) => {
    const e = parseEventLine(line);
    if (e) decoder.push(e);
  });
  void lines.ended.then((why) => why !== 'stopped' && opts.log(`recording ${opts.serial} by hand: ${why}`));
  opts.log(`recording ${opts.serial} by hand: touchscreen ${touch.name} (${touch.path})`);
  return {
    idle: () => hand.idle(),
    stop: () => lines.stop(),
    finish: async () => {
      lines.stop();
      await hand.finish();
    },
  };
}
