import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { DeviceBusyError } from '../devices/device-lease-service.js';
import { keepFresh } from '../leases/lease-keeper.js';

/**
 * What a recording holds while it records: its device (no run or other recording of any process
 * may drive the phone meanwhile) and, once made, its demonstration (so another process opening
 * the workspace does not mark it interrupted while it is alive). Both are given back by release().
 */
export interface RecordingLeases {
  attach(demonstrationId: number): void;
  release(): void;
}

export function holdRecording(hub: DeviceHub, store: () => WorkspaceStore, serial: string, taskId: string): RecordingLeases {
  const purpose = `recording task ${taskId}`;
  const device = hub.leases.take(serial, purpose);
  if (!device.ok) {
    throw new DeviceBusyError([{ device: serial, holder: device.holder }], 'finish or stop it first, or record on another device');
  }
  hub.leasesChanged();
  const stop = keepFresh(() => store().leases.heartbeat());
  let demo: number | null = null;
  let released = false;
  return {
    attach: (id) => {
      demo = id;
      store().leases.claim('demonstration', String(id), purpose);
    },
    release: () => {
      if (released) return;
      released = true;
      stop();
      device.release();
      if (demo !== null) {
        try {
          store().leases.release('demonstration', String(demo));
        } catch {
          // a workspace that went read-only or away: the lease expires by itself
        }
      }
      hub.leasesChanged();
    },
  };
}
