import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

const LATIN_IME = 'com.android.inputmethod.latin/.LatinIME';

/**
 * The cable goes for 300 ms just as the phone answers `command` (the first time only): the command
 * runs, its reply never arrives, and the host sees the stream end as a command that printed
 * nothing would — shell v1 carries no exit status.
 */
function cutFirstReplyTo(server: VirtualPhoneServer, command: string): () => boolean {
  const phone = server.phone('vphone-1');
  const run = phone.runShell.bind(phone);
  let cut = false;
  phone.runShell = (cmd, io) => {
    if (!cut && cmd === command) {
      cut = true;
      server.unplug('vphone-1');
      setTimeout(() => server.plug('vphone-1'), 300);
    }
    return run(cmd, io);
  };
  return () => cut;
}

describe('a reply cut by a dropped connection is asked again, never taken for an empty answer', () => {
  const phones = useVirtualPhones();

  it('typing Chinese restores the keyboard the phone had when reading it was cut', async () => {
    // Seen in CI: the empty reply read as "no keyboard to restore", so ADBKeyboard stayed on, the
    // phone's keyboard changed height, and the replayed tap on 发送 met nothing.
    const server = await phones({ frozenClockMs: Date.UTC(2026, 0, 5, 9) });
    const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
    expect((await device.shell('settings get secure default_input_method')).trim()).toBe(LATIN_IME);
    await device.shell('cmd vphone open clock.alarm_edit');
    const field = flattenUi(parseUiXml(await device.uiDump())).find((n) => n.resourceId.endsWith(':id/label_input'))!;
    await device.tap({ x: (field.bounds!.left + field.bounds!.right) / 2, y: (field.bounds!.top + field.bounds!.bottom) / 2 });

    const wasCut = cutFirstReplyTo(server, 'settings get secure default_input_method');
    await device.type('吃降压药');
    expect(wasCut()).toBe(true);
    expect((await device.shell('settings get secure default_input_method')).trim()).toBe(LATIN_IME);
    const label = flattenUi(parseUiXml(await device.uiDump())).find((n) => n.resourceId.endsWith(':id/label_input'))!;
    expect(label.text).toBe('吃降压药');
  }, 60_000);

  it("the screen size is read again when `wm size`'s reply is cut", async () => {
    const server = await phones({ frozenClockMs: Date.UTC(2026, 0, 5, 9) });
    const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
    const wasCut = cutFirstReplyTo(server, 'wm size');
    const info = await device.info();
    expect(wasCut()).toBe(true);
    expect(info.screen).toEqual({ width: 1080, height: 2400 });
  }, 60_000);
});
