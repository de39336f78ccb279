import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { startMinicap } from '../../../electron/adapters/adb/minicap-session.js';
import { hostRequest } from '../../../electron/adapters/adb/host-request.js';

let phone: VirtualPhoneServer;
let adb: AdbServer;

beforeAll(async () => {
  phone = await startVirtualPhoneServer({ port: 0, frozenClockMs: Date.UTC(2026, 0, 5, 9, 0) });
  adb = new AdbServer({ host: '127.0.0.1', port: phone.port });
});
afterAll(() => phone.close());

function nextFrame(frames: Buffer[], after: number, timeoutMs = 20_000): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const poll = setInterval(() => {
      if (frames.length > after) {
        clearInterval(poll);
        resolve(frames[after]!);
      } else if (Date.now() - t0 > timeoutMs) {
        clearInterval(poll);
        reject(new Error('no frame'));
      }
    }, 5);
  });
}

describe('minicap through adb forward on the virtual phone', () => {
  it('pushes the APK, starts it, forwards the socket and streams JPEG frames that follow the screen', async () => {
    const frames: Buffer[] = [];
    const session = await startMinicap(adb, 'vphone-1', {
      box: { width: 540, height: 1200 },
      onFrame: (jpeg) => frames.push(jpeg),
      onEnd: () => undefined,
    });
    try {
      expect(session.kind).toBe('apk'); // Android 14: no native library for SDK 34
      expect(session.banner).toMatchObject({ realWidth: 1080, realHeight: 2400, virtualWidth: 540, virtualHeight: 1200, orientation: 0 });
      expect(await hostRequest(adb.address, 'host:list-forward')).toMatch(/vphone-1 tcp:\d+ localabstract:minicap/);
      const first = await nextFrame(frames, 0);
      const meta = await sharp(first).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: 540, height: 1200 });
      // An input changes the screen: the next frame comes without asking.
      const n = frames.length;
      await adb.device('vphone-1').key('Home');
      await adb.device('vphone-1').shell('cmd vphone open settings.display');
      const changed = await nextFrame(frames, n);
      expect(changed.equals(first)).toBe(false);
    } finally {
      await session.stop();
    }
    // Stopping removes the forward and ends minicap.
    expect(await hostRequest(adb.address, 'host:list-forward')).not.toMatch(/minicap/);
    expect((await adb.device('vphone-1').shell('pidof minicap')).trim()).toBe('');
  });
});
