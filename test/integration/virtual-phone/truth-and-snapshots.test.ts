import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * `cmd vphone truth` and `cmd vphone snapshot`, which graph exploration stands on: the truth is the whole
 * state that decides what the next input does (and nothing that merely ticks), and a snapshot puts the
 * phone back exactly — the typed draft, the pages under the top one, the blocked list apps hold by reference.
 */
describe('virtual phone: true state and snapshots', () => {
  const phones = useVirtualPhones();

  async function phone(): Promise<DevicePort> {
    const server = await phones({ locale: 'zh', seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
    return new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
  }
  const tap = async (d: DevicePort, label: string): Promise<void> => {
    const n = flattenUi(parseUiXml(await d.uiDump())).find((x) => labelOf(x) === label && (x.clickable || x.checkable) && x.bounds);
    if (!n?.bounds) throw new Error(`no "${label}" on screen`);
    await d.tap({ x: (n.bounds.left + n.bounds.right) >> 1, y: (n.bounds.top + n.bounds.bottom) >> 1 });
  };
  const truth = async (d: DevicePort): Promise<Record<string, unknown>> =>
    JSON.parse(await d.shell('cmd vphone truth')) as Record<string, unknown>;

  it('truth: the window, every page of the task with what was typed on it, the focused field; no clock, battery or toast', async () => {
    const d = await phone();
    await d.shell('cmd vphone reset');
    await d.launch('com.vphone.wallet');
    await tap(d, '⇄ 转账');
    await tap(d, '儿子建国');
    await tap(d, '金额（元）');
    await d.type('300');
    const t = await truth(d);
    expect(t['window']).toBe('wallet.transfer_amount');
    const pages = t['pages'] as { screen: string; local: Record<string, unknown> }[];
    expect(pages.map((p) => p.screen)).toEqual(['wallet.home', 'wallet.transfer', 'wallet.transfer_amount']);
    expect(JSON.stringify(pages.at(-1)!.local)).toContain('300');
    expect(t['focusedInput']).not.toBeNull();
    for (const k of ['time', 'battery', 'toast', 'serial']) expect(t, k).not.toHaveProperty(k);
    expect((t['viewLogs'] as Record<string, string[]>)['com.vphone.wallet']).toContain('balanceViewed');
    // The same state read twice is the same text: a key for "have I been here".
    expect(await d.shell('cmd vphone truth')).toBe(await d.shell('cmd vphone truth'));
  });

  it('a snapshot puts the phone back exactly: the draft, the pages below, app state and the blocked list', async () => {
    const d = await phone();
    await d.shell('cmd vphone reset');
    await d.launch('com.vphone.wallet');
    await tap(d, '⇄ 转账');
    await tap(d, '儿子建国');
    await tap(d, '金额（元）');
    await d.type('30');
    const before = await d.shell('cmd vphone truth');
    expect(await d.shell('cmd vphone snapshot save a')).toBe('');

    await d.type('0');
    await tap(d, '转账');
    await d.shell('cmd vphone state set com.vphone.chat \'{"sent":[1]}\'');
    await d.shell('input keyevent 4');
    await d.shell('cmd vphone open phone.blocked');
    expect(await d.shell('cmd vphone truth')).not.toBe(before);

    expect(await d.shell('cmd vphone snapshot load a')).toBe('');
    expect(await d.shell('cmd vphone truth')).toBe(before);
    // The draft is back and live: typing goes on from it, and the confirm sends 300.
    await d.type('0');
    await tap(d, '转账');
    const wallet = JSON.parse(await d.shell('cmd vphone state com.vphone.wallet')) as { transfers: unknown[] };
    expect(wallet.transfers).toEqual([{ to: 'son', amount: 300 }]);
    // Loading again gives the saved state again (a snapshot is not used up).
    await d.shell('cmd vphone snapshot load a');
    expect(await d.shell('cmd vphone truth')).toBe(before);
  });

  it('blocked numbers restored in place, seen by the apps; drop by prefix; unknown names are errors', async () => {
    const d = await phone();
    await d.shell('cmd vphone reset');
    await d.shell('cmd vphone snapshot save x-1');
    await d.shell('cmd vphone snapshot save x-2');
    await d.shell('cmd vphone snapshot save y-1');
    await d.shell('cmd vphone open phone.blocked');
    await tap(d, '添加号码');
    await tap(d, '电话号码');
    await d.type('10690000123');
    await tap(d, '屏蔽');
    expect(JSON.parse(await d.shell('cmd vphone state com.android.messaging')).blockedNumbers).toEqual(['10690000123']);
    await d.shell('cmd vphone snapshot load x-1');
    expect(JSON.parse(await d.shell('cmd vphone state')).blockedNumbers).toEqual([]);
    expect(JSON.parse(await d.shell('cmd vphone state com.android.messaging')).blockedNumbers).toEqual([]);

    await d.shell('cmd vphone snapshot drop x-*');
    expect(await d.shell('cmd vphone snapshot load x-2')).toMatch(/no snapshot x-2/);
    expect(await d.shell('cmd vphone snapshot load y-1')).toBe('');
    expect(await d.shell('cmd vphone snapshot frobnicate')).toMatch(/snapshot save\|load NAME/);
  });
});
