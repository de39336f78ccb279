import type { ElderBenchHandlers } from '../../../shared/api/index.js';
import { ApiError } from '../../../shared/api/index.js';
import { DeviceError } from '../../core/device/device-port.js';
import type { DeviceInfo } from '../../core/device/device-port.js';
import { performAction, toPixelAction } from '../../core/recording/perform-action.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { imageSize } from '../../adapters/observations/observation-sink.js';
import type { DeviceHub } from './device-hub.js';
import type { FrameCache } from './frame-cache.js';
import type { MirrorHub } from './mirror-hub.js';
import type { StfDesk } from './stf-desk.js';
import type { VirtualPhoneRunner } from './virtual-phone-runner.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import { packageResolver } from './app-packages.js';

export function toApiError(e: unknown): never {
  if (e instanceof ApiError) throw e;
  if (e instanceof DeviceError) throw new ApiError(e.kind === 'disconnected' ? 'unavailable' : 'bad_request', e.message);
  throw e;
}

/** A phone's screen size changes rarely (`wm size`); asking for it before every input would add three adb round trips. */
const INFO_TTL_MS = 30_000;

export function devicesService(
  hub: DeviceHub,
  frames: FrameCache,
  phone: VirtualPhoneRunner,
  stf: StfDesk,
  mirrors: MirrorHub,
  /** The open workspace: its task set names the apps a manual LaunchApp may name (天气 as the weather's package). */
  store: () => WorkspaceStore,
): ElderBenchHandlers['devices'] {
  const infos = new Map<string, { info: DeviceInfo; at: number }>();
  const resolvePackage = packageResolver(store);
  const screenInfo = async (serial: string): Promise<DeviceInfo> => {
    const hit = infos.get(serial);
    if (hit && performance.now() - hit.at < INFO_TTL_MS) return hit.info;
    const info = await hub.device(serial).info().catch(toApiError);
    infos.set(serial, { info, at: performance.now() });
    return info;
  };
  return {
    list: () => hub.refresh(),
    info: ({ serial }) => hub.device(serial).info().catch(toApiError),
    frame: async ({ serial }) => {
      const t0 = performance.now();
      const png = await hub.device(serial).screenshot().catch(toApiError);
      const captureMs = performance.now() - t0;
      const meta = await imageSize(png).catch(() => {
        throw new ApiError('unavailable', `${serial} returned a screenshot that is not an image`);
      });
      return {
        frameId: frames.put(png),
        serial,
        width: meta.width ?? 0,
        height: meta.height ?? 0,
        capturedAt: new Date().toISOString(),
        captureMs,
      };
    },
    hierarchy: async ({ serial }) => parseUiXml(await hub.device(serial).uiDump().catch(toApiError)),
    input: async ({ serial, action }) => {
      const device = hub.device(serial);
      const info = await screenInfo(serial);
      const px = toPixelAction(action, info.screen, resolvePackage);
      await performAction(device, action, px, sleep).catch(toApiError);
      return null;
    },
    mirrorStart: (req) => mirrors.start(req),
    mirrorStop: async ({ serial }) => {
      await mirrors.stop(serial);
      return null;
    },
    connect: ({ host, port }) => hub.connect(host, port).catch((e: Error) => toApiError(new ApiError('unavailable', e.message))),
    virtualPhone: () => phone.state(),
    startVirtualPhone: async ({ count, locale }) => {
      const state = await phone.start({ count, locale }).catch((e: Error) => toApiError(new ApiError('unavailable', e.message)));
      await hub.refresh();
      return state;
    },
    stopVirtualPhone: () => phone.stop(),
    stf: () => stf.state(),
    stfDevices: ({ url }) => stf.list(url),
    stfClaim: async ({ url, serial }) => {
      const state = await stf.claim(url, serial);
      await hub.refresh();
      return state;
    },
    stfRelease: async ({ url, serial }) => {
      const state = await stf.release(url, serial);
      await hub.refresh();
      return state;
    },
  };
}
