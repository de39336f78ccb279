import type { DevicesState } from '../../../../shared/domain/device.js';
import { api } from '../../platform/api.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

export interface DevicesSlice {
  devices: DevicesState | null;
  selectedSerial: string | null;
  loadDevices(): Promise<void>;
  selectDevice(serial: string | null): void;
}

export const createDevicesSlice: Slice<DevicesSlice> = (set, get) => ({
  devices: null,
  selectedSerial: null,
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
});
