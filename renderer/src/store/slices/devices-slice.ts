import type { Action } from '../../../../shared/domain/action.js';
import type {
  DevicesState,
  MirrorFrameDto,
  MirrorStatusDto,
  StfDeviceDto,
  StfState,
  VirtualPhoneState,
} from '../../../../shared/domain/device.js';
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
   * Follows a phone's live mirror: frames (minicap's stream, or screencap when the phone cannot run
   * it) and the status saying which and why. Frames are not kept here: each mirror shows the newest.
   * Returns the function that stops following; the mirror stops when nobody follows it.
   */
  watchMirror(serial: string, onFrame: (f: MirrorFrameDto) => void, onStatus: (s: MirrorStatusDto) => void): () => void;
  /** The built-in virtual phone the window can start and stop. */
  virtualPhone: VirtualPhoneState | null;
  /** A connection job under way (start/stop the phone, connect, claim, release): its controls wait. */
  connecting: string | null;
  stf: StfState | null;
  /** The devices of the farm last listed, with its URL. */
  stfDevices: { url: string; devices: StfDeviceDto[] } | null;
  loadConnections(): Promise<void>;
  startVirtualPhone(opts: { count: number; locale: 'en' | 'zh' }): Promise<void>;
  stopVirtualPhone(): Promise<void>;
  /** `adb connect host:port` (a phone on the network). */
  connectNetworkDevice(host: string, port: number): Promise<void>;
  listStfDevices(url: string): Promise<void>;
  claimStfDevice(url: string, serial: string): Promise<void>;
  releaseStfDevice(url: string, serial: string): Promise<void>;
}

/** The backend keeps a mirror while it is asked for it again within 20 s. */
const MIRROR_LEASE_RENEW_MS = 5_000;
const mirrorWatchers = new Map<string, number>();

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
  watchMirror(serial, onFrame, onStatus) {
    mirrorWatchers.set(serial, (mirrorWatchers.get(serial) ?? 0) + 1);
    let stopped = false;
    const ask = (): void => {
      api.devices.mirrorStart({ serial }).then(
        (st) => !stopped && onStatus(st),
        (e: unknown) => !stopped && onStatus({ serial, path: null, reason: errorMessage(e) }),
      );
    };
    const offFrame = api.devices.onMirrorFrame((f) => f.serial === serial && onFrame(f));
    const offStatus = api.devices.onMirrorStatus((st) => st.serial === serial && onStatus(st));
    ask();
    const lease = setInterval(ask, MIRROR_LEASE_RENEW_MS);
    return () => {
      stopped = true;
      clearInterval(lease);
      offFrame();
      offStatus();
      const left = (mirrorWatchers.get(serial) ?? 1) - 1;
      if (left > 0) mirrorWatchers.set(serial, left);
      else {
        mirrorWatchers.delete(serial);
        void api.devices.mirrorStop({ serial }).catch(() => undefined);
      }
    };
  },
  virtualPhone: null,
  connecting: null,
  stf: null,
  stfDevices: null,
  async loadConnections() {
    try {
      const [virtualPhone, stf] = await Promise.all([api.devices.virtualPhone(), api.devices.stf()]);
      set({ virtualPhone, stf });
    } catch (e) {
      get().notify(`Could not read the connections: ${errorMessage(e)}`, 'error');
    }
  },
  startVirtualPhone: (opts) =>
    connectionJob(set, get, 'Starting the virtual phone', async () => {
      const virtualPhone = await api.devices.startVirtualPhone(opts);
      set({ virtualPhone });
      await get().loadDevices();
      get().notify(`Virtual phone running on ${virtualPhone.server}: ${virtualPhone.serials.join(', ')}`);
    }),
  stopVirtualPhone: () =>
    connectionJob(set, get, 'Stopping the virtual phone', async () => {
      set({ virtualPhone: await api.devices.stopVirtualPhone() });
      await get().loadDevices();
      get().notify('Virtual phone stopped');
    }),
  connectNetworkDevice: (host, port) =>
    connectionJob(set, get, `Connecting ${host}:${port}`, async () => {
      const said = await api.devices.connect({ host, port });
      await get().loadDevices();
      get().notify(`adb: ${said}`);
    }),
  listStfDevices: (url) =>
    connectionJob(set, get, 'Listing the farm', async () => {
      set({ stfDevices: { url, devices: await api.devices.stfDevices({ url }) } });
    }),
  claimStfDevice: (url, serial) =>
    connectionJob(set, get, `Claiming ${serial}`, async () => {
      set({ stf: await api.devices.stfClaim({ url, serial }) });
      set({ stfDevices: { url, devices: await api.devices.stfDevices({ url }) } });
      await get().loadDevices();
      get().notify(`${serial} claimed from the farm and connected`);
    }),
  releaseStfDevice: (url, serial) =>
    connectionJob(set, get, `Releasing ${serial}`, async () => {
      set({ stf: await api.devices.stfRelease({ url, serial }) });
      set({ stfDevices: { url, devices: await api.devices.stfDevices({ url }) } });
      await get().loadDevices();
      get().notify(`${serial} given back to the farm`);
    }),
});

/** One connection job at a time; what it was and why it failed go to the notice line. */
async function connectionJob(
  set: Parameters<Slice<DevicesSlice>>[0],
  get: Parameters<Slice<DevicesSlice>>[1],
  what: string,
  job: () => Promise<void>,
): Promise<void> {
  if (get().connecting) return;
  set({ connecting: what });
  try {
    await job();
  } catch (e) {
    get().notify(`${what}: ${errorMessage(e)}`, 'error');
  } finally {
    set({ connecting: null });
  }
}
