import type { Action } from '../../../../shared/domain/action.js';
import type { DevicesState, FrameDto } from '../../../../shared/domain/device.js';
import type { UiHierarchy } from '../../../../shared/domain/ui-node.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** The adb server's devices, the one chosen, and driving it from the Devices screen (no recording). */
export interface DevicesSlice {
  devices: DevicesState | null;
  selectedSerial: string | null;
  /** The chosen device's UI hierarchy, when the Devices screen shows it. */
  hierarchy: { serial: string; tree: UiHierarchy } | null;
  /** True while an action sent from the Devices screen is under way. */
  deviceBusy: boolean;
  loadDevices(): Promise<void>;
  selectDevice(serial: string | null): void;
  loadHierarchy(serial: string): Promise<void>;
  /** Sends an action to the chosen device (not recorded); refreshes the hierarchy when it is shown. */
  deviceInput(action: Action, refreshHierarchy: boolean): Promise<void>;
  /**
   * Captures a mirror frame now. Frames are not kept here: each mirror pulls its own stream
   * as fast as the device delivers and shows the newest one.
   */
  captureFrame(serial: string): Promise<FrameDto>;
}

export const createDevicesSlice: Slice<DevicesSlice> = (set, get, api) => ({
  devices: null,
  selectedSerial: null,
  hierarchy: null,
  deviceBusy: false,
  async loadDevices() {
    try {
      const devices = await api.devices.list();
      set({ devices });
      const sel = get().selectedSerial;
      if (!sel || !devices.devices.some((d) => d.serial === sel)) {
        set({ selectedSerial: devices.devices.find((d) => d.state === 'device')?.serial ?? null });
      }
    } catch (e) {
      get().notify(`Could not list devices: ${errorMessage(e)}`, 'error');
    }
  },
  selectDevice(serial) {
    set({ selectedSerial: serial });
  },
  async loadHierarchy(serial) {
    try {
      set({ hierarchy: { serial, tree: await api.devices.hierarchy({ serial }) } });
    } catch (e) {
      get().notify(`No UI hierarchy: ${errorMessage(e)}`, 'error');
    }
  },
  async deviceInput(action, refreshHierarchy) {
    const serial = get().selectedSerial;
    if (!serial || get().deviceBusy) return;
    set({ deviceBusy: true });
    try {
      await api.devices.input({ serial, action });
      if (refreshHierarchy) await get().loadHierarchy(serial);
    } catch (e) {
      get().notify(`${action.type} failed: ${errorMessage(e)}`, 'error');
    } finally {
      set({ deviceBusy: false });
    }
  },
  captureFrame: (serial) => api.devices.frame({ serial }),
});
