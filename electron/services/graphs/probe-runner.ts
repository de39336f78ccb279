import type { ProbeSummary, ProbeTaskResult } from '../../../shared/domain/graph.js';
import { AdbServer } from '../../adapters/adb/adb-client.js';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DevicePort } from '../../core/device/device-port.js';
import { summarizeProbe } from '../../core/graph/probe/verdicts.js';
import { startSamplePhones } from '../devices/sample-phones.js';
import { packagesOf, probeTask } from './graph-probe.js';

export interface ProbeRunOptions {
  /**
   * Where variants are played: a virtual phone of the probe's own (the default), a named device the
   * user allowed side effects on, or nowhere (the device-free structural probe only).
   */
  device: { kind: 'virtual' } | { kind: 'named'; device: DevicePort } | { kind: 'none' };
  settleMs: number;
  onTask?(r: ProbeTaskResult): void;
}

/**
 * Probes the latest graph of each task. A task whose app the playing device does not have gets the
 * structural probe. A virtual phone started here is stopped at the end, also on failure.
 */
export async function probeTasks(store: WorkspaceStore, taskIds: readonly string[], o: ProbeRunOptions): Promise<ProbeTaskResult[]> {
  const phones = o.device.kind === 'virtual' ? await startSamplePhones(1) : null;
  try {
    const device = phones
      ? new AdbServer({ host: '127.0.0.1', port: phones.port }).device(phones.serials[0]!)
      : o.device.kind === 'named'
        ? o.device.device
        : null;
    const installed = device ? await packagesOf(device) : new Set<string>();
    const out: ProbeTaskResult[] = [];
    for (const id of taskIds) {
      const r = await probeTask(
        { store, settleMs: o.settleMs, deviceFor: async (task) => (device && installed.has(task.package) ? device : null) },
        id,
      ).catch((e: Error) => {
        throw new Error(`${id}: ${e.message}`);
      });
      out.push(r);
      o.onTask?.(r);
    }
    return out;
  } finally {
    await phones?.close();
  }
}

/** Probes the tasks as probeTasks does and sums the verdicts up (what `graph probe` prints). */
export async function probeTasksSummary(store: WorkspaceStore, taskIds: readonly string[], o: ProbeRunOptions): Promise<ProbeSummary> {
  return summarizeProbe(await probeTasks(store, taskIds, o));
}
