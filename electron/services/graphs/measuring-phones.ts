import { AdbServer } from '../../adapters/adb/adb-client.js';
import type { DevicePort } from '../../core/device/device-port.js';
import type { PhonesApart } from '../devices/sample-phones.js';
import { startSamplePhones, startSamplePhonesApart } from '../devices/sample-phones.js';

/**
 * Where a measurement against the phone plays (`graph explore`, `graph try-paths`): virtual phones of its own (the
 * default; several side by side, at most 8), or a named device the user allowed side effects on (the paths send, pay,
 * delete).
 */
export type MeasuringPhones = { kind: 'virtual'; count: number } | { kind: 'named'; device: DevicePort };

/**
 * Sample phones in threads of their own; in this thread where workers cannot load the sources (run from them under a
 * test runner's transform). The built backend has the worker bundled, so there a failure is a failure.
 */
async function virtualPhones(count: number): Promise<PhonesApart> {
  try {
    return await startSamplePhonesApart(count);
  } catch (e) {
    if (import.meta.url.endsWith('.js')) throw e;
    const server = await startSamplePhones(count);
    return { phones: server.serials.map((serial) => ({ port: server.port, serial })), close: () => server.close() };
  }
}

/** Runs `use` on the devices chosen; virtual phones started here are stopped at the end, also on failure. */
export async function onMeasuringPhones<T>(choice: MeasuringPhones, use: (devices: DevicePort[]) => Promise<T>): Promise<T> {
  if (choice.kind === 'named') return use([choice.device]);
  const phones = await virtualPhones(Math.max(1, Math.min(choice.count, 8)));
  try {
    return await use(phones.phones.map((p) => new AdbServer({ host: '127.0.0.1', port: p.port }).device(p.serial)));
  } finally {
    await phones.close();
  }
}
