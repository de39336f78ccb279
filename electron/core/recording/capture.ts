import type { DevicePort, Foreground } from '../device/device-port.js';

/** One observation of the device: what the annotator (or an agent) saw before acting. */
export interface Observation {
  screenshot: Uint8Array;
  xml: string;
  foreground: Foreground | null;
  timings: { screenshot_ms: number; xml_ms: number; foreground_ms: number; total_ms: number };
}

const timed = async <T>(f: () => Promise<T>): Promise<[T, number]> => {
  const t0 = performance.now();
  const v = await f();
  return [v, performance.now() - t0];
};

/**
 * Takes the screenshot, the UI dump and the foreground app concurrently: three
 * independent requests, so the observation costs the slowest of them, not the sum.
 */
export async function captureObservation(device: DevicePort): Promise<Observation> {
  const t0 = performance.now();
  const [[screenshot, s], [xml, x], [foreground, f]] = await Promise.all([
    timed(() => device.screenshot()),
    timed(() => device.uiDump()),
    timed(() => device.foreground()),
  ]);
  return {
    screenshot,
    xml,
    foreground,
    timings: { screenshot_ms: s, xml_ms: x, foreground_ms: f, total_ms: performance.now() - t0 },
  };
}
