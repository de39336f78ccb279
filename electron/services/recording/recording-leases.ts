import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { DeviceHub } from '../devices/device-hub.js';
import { holdLease } from '../leases/hold-lease.js';

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
  const releaseDevice = hub.lease(serial, purpose, 'finish or stop it first, or record on another device');
  let demo: (() => void) | null = null;
  let released = false;
  return {
    attach: (id) => {
      // A new demonstration's id is this process's alone: nobody else can hold its lease.
      const held = holdLease(() => store().leases, 'demonstration', String(id), purpose);
      if (held.ok) demo = held.release;
    },
    release: () => {
      if (released) return;
      released = true;
      demo?.();
      releaseDevice();
    },
  };
}
