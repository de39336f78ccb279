import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { AdbDevice } from '../../../electron/adapters/adb/adb-device.js';
import { DeviceError } from '../../../electron/core/device/device-port.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/** A phone without ADBKeyboard, focused on the alarm label field (an ordinary EditText). */
async function phoneWithoutIme(phones: ReturnType<typeof useVirtualPhones>): Promise<AdbDevice> {
  const server = await phones({ frozenClockMs: Date.UTC(2026, 0, 5, 9) });
  const device = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
  await device.shell('ime disable com.android.adbkeyboard/.AdbIME');
  expect(await device.shell('ime list -s')).not.toContain('adbkeyboard');
  await device.shell('cmd vphone open clock.alarm_edit');
  const field = flattenUi(parseUiXml(await device.uiDump())).find((n) => n.resourceId.endsWith(':id/label_input'))!;
  await device.tap({ x: (field.bounds!.left + field.bounds!.right) / 2, y: (field.bounds!.top + field.bounds!.bottom) / 2 });
  return device;
}

async function fieldText(device: AdbDevice): Promise<string> {
  return flattenUi(parseUiXml(await device.uiDump())).find((n) => n.resourceId.endsWith(':id/label_input'))!.text;
}

describe('typing through `input text` (no ADBKeyboard)', () => {
  const phones = useVirtualPhones();

  it('clear empties a field holding more than 60 characters before typing', async () => {
    const device = await phoneWithoutIme(phones);
    const long = 'Take the blood pressure tablets with breakfast, then call Anna at noon'; // 70 characters
    expect(long.length).toBeGreaterThan(60);
    await device.type(long);
    expect(await fieldText(device)).toBe(long);
    await device.type('Pills', { clear: true });
    expect(await fieldText(device)).toBe('Pills');
  });

  it('clear with nothing to type leaves the field empty (its hint shows)', async () => {
    const device = await phoneWithoutIme(phones);
    await device.type('x'.repeat(150));
    await device.type('', { clear: true });
    expect(await fieldText(device)).toBe('Label');
  });

  it('refusals name what `input text` cannot do and how to fix it', async () => {
    const device = await phoneWithoutIme(phones);
    const refusal = async (text: string): Promise<string> => {
      const e = await device.type(text).then(
        () => null,
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(DeviceError);
      expect((e as DeviceError).kind).toBe('unsupported');
      expect((e as DeviceError).message).toContain('ADBKeyboard');
      return (e as DeviceError).message;
    };
    const newline = await refusal('first line\nsecond line');
    expect(newline).toContain('line break');
    expect(newline).toContain('Enter');
    expect(newline).not.toMatch(/non-ASCII|outside printable ASCII/);
    const percent = await refusal('100%sure');
    expect(percent).toContain('"%s"');
    expect(percent).not.toMatch(/non-ASCII|outside printable ASCII/);
    expect(await refusal('tab\there')).toContain('U+0009');
    expect(await refusal('声音大一点')).toMatch(/outside printable ASCII \("声" \(U\+58F0\)/);
    // Nothing was typed by any refused attempt.
    expect(await fieldText(device)).toBe('Label');
  });
});
