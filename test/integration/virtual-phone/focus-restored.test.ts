import { describe, expect, it } from 'vitest';
import { AdbServer } from '../../../electron/adapters/adb/adb-client.js';
import type { DevicePort } from '../../../electron/core/device/device-port.js';
import { parseUiXml } from '../../../electron/core/ui/parse-ui-xml.js';
import { flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/**
 * Where a field's focus goes when the page changes, as on a real phone: Android restores a window's focused view when
 * its activity comes back (Back from a page it opened, the app brought back from Home), with the keyboard down; a page
 * made anew (another tab's) has no field focused. The offline walk reads typing by the same rules (walk-focus.ts).
 */
describe('virtual phone: the focused field when the page changes', () => {
  const phones = useVirtualPhones();

  async function phone(): Promise<DevicePort> {
    const server = await phones({ locale: 'zh', seed: 5, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) });
    const d = new AdbServer({ host: '127.0.0.1', port: server.port }).device('vphone-1');
    await d.shell('cmd vphone reset');
    await d.launch('com.vphone.music');
    return d;
  }
  const tap = async (d: DevicePort, label: string, nth = 0): Promise<void> => {
    const all = flattenUi(parseUiXml(await d.uiDump())).filter((x) => labelOf(x) === label && (x.clickable || x.checkable) && x.bounds);
    const n = all[nth];
    if (!n?.bounds) throw new Error(`no "${label}" on screen`);
    await d.tap({ x: (n.bounds.left + n.bounds.right) >> 1, y: (n.bounds.top + n.bounds.bottom) >> 1 });
  };
  const truth = async (d: DevicePort) => JSON.parse(await d.shell('cmd vphone truth')) as Record<string, unknown>;
  const box = '搜索歌曲、歌手、戏曲';
  /** Whether the library's search box holds the text (the page's own state). */
  const boxHolds = async (d: DevicePort, text: string): Promise<boolean> =>
    JSON.stringify((JSON.parse(await d.shell('cmd vphone truth')) as { pages: { local: unknown }[] }).pages[0]!.local).includes(text);

  it('Back from a page the focused page opened: the field has the focus again, the keyboard down; typing goes in', async () => {
    const d = await phone();
    await tap(d, box);
    expect((await truth(d))['focusedInput']).not.toBeNull();
    await tap(d, '月亮代表我的心');
    expect((await truth(d))['screen']).toBe('music.player');
    await d.key('Back');
    const t = await truth(d);
    expect(t['screen']).toBe('music.library');
    expect(t['focusedInput']).not.toBeNull();
    expect(t['keyboardVisible']).toBe(false);
    await d.type('huangmei');
    expect(await boxHolds(d, 'huangmei')).toBe(true);
  });

  it('the app brought back from Home keeps its focused field; another tab and back leaves none focused', async () => {
    const d = await phone();
    await tap(d, box);
    await d.key('Home');
    await d.launch('com.vphone.music');
    expect((await truth(d))['focusedInput']).not.toBeNull();
    await tap(d, '分类');
    await tap(d, '歌曲');
    expect((await truth(d))['focusedInput']).toBeNull();
    await d.type('huangmei');
    expect(await boxHolds(d, 'huangmei')).toBe(false);
  });
});
