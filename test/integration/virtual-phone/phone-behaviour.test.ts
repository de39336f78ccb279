import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import sharp from 'sharp';
import { startServer, adb, kitShell, kit, Adb } from './helpers.js';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';

// What changes on screen and in state when the phone is driven like a real one.
const T0 = 1_700_000_000_000;

describe('virtual phone behaviour', () => {
  let server: VirtualPhoneServer;
  let port: number;
  const sh = (cmd: string) => kitShell(port, 'vphone-1', cmd);
  const state = async (pkg?: string) => JSON.parse(await sh(`cmd vphone state${pkg ? ' ' + pkg : ''}`));
  const screen = async () => (await sh('cmd vphone screen')).trim();
  const dump = () => sh('uiautomator dump /dev/tty');
  const png = async () => Adb.util.readAll(await kit(port).getDevice('vphone-1').screencap());

  /** Centre of the first node whose attribute matches, read from a fresh dump. */
  async function centreOf(attr: 'text' | 'resource-id' | 'content-desc', value: string): Promise<[number, number]> {
    const xml = await dump();
    const escaped = value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const re = new RegExp(
      `${attr}="${escaped.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*?bounds="\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]"`,
    );
    const m = re.exec(xml);
    if (!m) throw new Error(`no node with ${attr}="${value}" on ${await screen()}`);
    const [x1, y1, x2, y2] = m.slice(1).map(Number) as [number, number, number, number];
    return [(x1 + x2) >> 1, (y1 + y2) >> 1];
  }
  const tapOn = async (attr: 'text' | 'resource-id' | 'content-desc', value: string) => {
    const [x, y] = await centreOf(attr, value);
    await sh(`input tap ${x} ${y}`);
  };

  beforeEach(async () => {
    server = await startServer({ frozenClockMs: T0 });
    port = server.port;
  });
  afterEach(() => server.close());

  it('types a quoted ; as text but runs an unquoted ; as a second command', async () => {
    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await adb(port, ['shell', "input text 'a;touch /sdcard/x'"]);
    expect(await state('com.android.messaging')).toBeDefined();
    expect(await dump()).toContain('text="a;touch /sdcard/x"');
    expect(await sh('ls /sdcard/x')).toContain('No such file');

    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await adb(port, ['shell', 'input text a;touch /sdcard/x']);
    expect(await dump()).toMatch(/text="a" resource-id="com\.android\.messaging:id\/compose_message_text"/);
    expect(await sh('ls /sdcard/x')).toBe('/sdcard/x\n');
  });

  it('input text: one argument, %s is a space, non-ASCII fails like a device; ADBKeyboard types UTF-8', async () => {
    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await sh('input text hello%sthere world');
    expect(await dump()).toContain('text="hello there"');
    const npe = await sh('input text 你好');
    expect(npe).toContain(
      "Exception occurred while executing 'text':\njava.lang.NullPointerException: Attempt to get length of null array",
    );
    const b64 = Buffer.from('，你好').toString('base64');
    // Not the current IME yet: the broadcast completes but nothing is typed.
    expect(await sh(`am broadcast -a ADB_INPUT_B64 --es msg ${b64}`)).toBe(
      'Broadcasting: Intent { act=ADB_INPUT_B64 flg=0x400000 (has extras) }\nBroadcast completed: result=0\n',
    );
    expect(await dump()).toContain('text="hello there"');
    expect(await sh('ime list -s')).toContain('com.android.adbkeyboard/.AdbIME');
    expect(await sh('ime set com.android.adbkeyboard/.AdbIME')).toBe('Input method com.android.adbkeyboard/.AdbIME selected for user #0\n');
    expect((await sh('settings get secure default_input_method')).trim()).toBe('com.android.adbkeyboard/.AdbIME');
    await sh(`am broadcast -a ADB_INPUT_B64 --es msg ${b64}`);
    expect(await dump()).toContain('text="hello there，你好"');
  });

  it('toggles dark theme by tapping, visible in settings and on screen', async () => {
    await sh('am start -n com.android.settings/.Settings');
    await tapOn('text', 'Display');
    expect(await screen()).toBe('settings.display');
    const before = await png();
    await tapOn('text', 'Dark theme');
    expect((await sh('settings get secure ui_night_mode')).trim()).toBe('2');
    expect((await state('com.android.settings')).dark_mode).toBe(true);
    expect(await dump()).toMatch(/class="android.widget.Switch"[^>]*checkable="true" checked="true"/);
    const after = await png();
    const mean = async (b: Buffer) => (await sharp(b).stats()).channels[0]!.mean;
    expect(await mean(after)).toBeLessThan((await mean(before)) - 50);
  });

  it('changes font size through the dialog and reflows bounds', async () => {
    await sh('am start -n com.android.settings/.SubSettings'); // lands on the first SubSettings page
    await sh('cmd vphone open settings.display');
    const [, yBefore] = await centreOf('text', 'Screen timeout');
    await tapOn('text', 'Font size');
    expect(await dump()).toContain('resource-id="android:id/alertTitle"');
    await tapOn('text', 'Largest');
    expect((await sh('settings get system font_scale')).trim()).toBe('1.3');
    const [, yAfter] = await centreOf('text', 'Screen timeout');
    expect(yAfter).toBeGreaterThan(yBefore);
  });

  it('long press is a zero-distance swipe with a duration', async () => {
    const [x, y] = await centreOf('content-desc', 'Clock');
    await sh(`input swipe ${x} ${y} ${x} ${y} 1000`);
    expect(await screen()).toBe('launcher.home');
    expect(await dump()).toContain('text="com.android.deskclock · version 7.4"');
    await sh('input keyevent 4');
    await sh(`input swipe ${x} ${y} ${x} ${y} 100`);
    expect(await screen()).toBe('clock.alarms');
  });

  it('adds an alarm through the UI and reports it in state', async () => {
    await sh('monkey -p com.android.deskclock -c android.intent.category.LAUNCHER 1');
    await tapOn('content-desc', 'Add alarm');
    await tapOn('resource-id', 'com.android.deskclock:id/hour_input');
    await sh('input keyevent KEYCODE_DEL KEYCODE_DEL; input text 6');
    await tapOn('resource-id', 'com.android.deskclock:id/minute_input');
    await sh('input keyevent 67 67 && input text 45');
    await tapOn('text', 'W');
    await tapOn('text', 'Save');
    const s = await state('com.android.deskclock');
    expect(s.alarms).toContainEqual({ id: 3, hour: 6, minute: 45, label: '', days: [2], enabled: true });
    expect(await screen()).toBe('clock.alarms');
    // toggle it off from the list
    const xml = await dump();
    expect(xml).toContain('text="06:45"');
  });

  it('sends a message and blocks a number; both show in ground truth', async () => {
    const contacts = (await state('com.android.dialer')).contacts as Array<{ name: string; number: string }>;
    const linda = contacts.find((c) => c.name === 'Linda Smith')!;
    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/recipient_text_view');
    await sh('input text Linda');
    await tapOn('text', 'Linda Smith');
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await sh("input text 'See you at 5'");
    await tapOn('text', 'Send');
    expect(await screen()).toBe('messages.thread');
    const m = await state('com.android.messaging');
    expect(m.sent).toEqual([{ to: linda.number, text: 'See you at 5', time: T0 }]);
    await tapOn('content-desc', 'More options');
    await tapOn('text', 'Block');
    expect((await state()).blockedNumbers).toEqual([linda.number]);
    expect(await screen()).toBe('messages.list');
  });

  it('a number typed with separators on the blocked list is blocked as its digits (as the system store keys it)', async () => {
    await sh('cmd vphone open phone.blocked');
    await tapOn('resource-id', 'com.android.dialer:id/add_blocked_number');
    await tapOn('resource-id', 'com.android.dialer:id/blocked_number_input');
    await sh("input text '021-9556-6888'");
    await tapOn('resource-id', 'android:id/button1');
    expect((await state()).blockedNumbers).toEqual(['02195566888']);
  });

  it("a number typed with spaces and dashes is sent to that number, into its conversation (as a phone's messaging app sends)", async () => {
    const contacts = (await state('com.android.dialer')).contacts as Array<{ name: string; number: string }>;
    const digits = contacts.find((c) => c.name === 'Linda Smith')!.number.replace(/[^\d+]/g, '');
    const typed = `${digits.slice(0, 3)} ${digits.slice(3, 7)}-${digits.slice(7)}`;
    const before = (await state('com.android.messaging')).threads as Array<{ address: string }>;
    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/recipient_text_view');
    await sh(`input text '${typed}'`);
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await sh("input text 'See you at 5'");
    await tapOn('text', 'Send');
    const m = await state('com.android.messaging');
    const sent = m.sent as Array<{ to: string; text: string }>;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.to.replace(/[^\d+]/g, '')).toBe(digits);
    expect(sent[0]!.to).not.toMatch(/[\s-]/);
    // One conversation for the number: the one it had, or a new one under its digits.
    const threads = (m.threads as Array<{ address: string }>).filter((t) => t.address.replace(/[^\d+]/g, '') === digits);
    expect(threads).toHaveLength(1);
    expect((m.threads as unknown[]).length - before.length).toBeLessThanOrEqual(1);
  });

  it('a name typed but never picked from the suggestions is not a recipient', async () => {
    await sh('cmd vphone open messages.compose');
    await tapOn('resource-id', 'com.android.messaging:id/recipient_text_view');
    await sh("input text 'Linda Smith'");
    await tapOn('resource-id', 'com.android.messaging:id/compose_message_text');
    await sh("input text 'See you at 5'");
    await tapOn('text', 'Send');
    expect(await screen()).toBe('messages.compose');
    expect((await state('com.android.messaging')).sent).toEqual([]);
  });

  it('keeps a back stack per app and a Recents list', async () => {
    await sh('am start -n com.android.settings/.Settings');
    await tapOn('text', 'Sound & vibration');
    await sh('input keyevent HOME');
    await sh('monkey -p com.android.dialer -c android.intent.category.LAUNCHER 1');
    expect(await screen()).toBe('phone.recents');
    await sh('monkey -p com.android.settings -c android.intent.category.LAUNCHER 1');
    expect(await screen()).toBe('settings.sound'); // resumed where it was
    expect((await state()).backStack).toEqual(['settings.main', 'settings.sound']);
    await sh('input keyevent 4');
    expect(await screen()).toBe('settings.main');
    await sh('input keyevent KEYCODE_APP_SWITCH');
    expect(await screen()).toBe('launcher.recents');
    expect((await state()).recents).toEqual(['com.android.settings', 'com.android.dialer']);
    await sh('am force-stop com.android.settings');
    expect((await state()).recents).toEqual(['com.android.dialer']);
  });

  it('scrolls lists: rows leave the dump, the list reorders after scrolling', async () => {
    await sh('cmd vphone open settings.storage');
    const first = await dump();
    expect(first).toMatch(/class="androidx.recyclerview.widget.RecyclerView"[^>]*scrollable="true"/);
    await sh('input swipe 540 1800 540 600 400');
    const second = await dump();
    expect(second).not.toEqual(first);
    expect(first).toContain('text="Apps"');
    expect(second).not.toContain('text="Apps"');
  });

  it('answers focus, package and launcher queries in device formats', async () => {
    expect(await sh('am start -n com.android.deskclock/.DeskClock')).toBe('Starting: Intent { cmp=com.android.deskclock/.DeskClock }\n');
    expect(await sh('dumpsys window | grep -E "mCurrentFocus|mFocusedApp"')).toMatch(
      /mCurrentFocus=Window\{\w+ u0 com\.android\.deskclock\/com\.android\.deskclock\.DeskClock\}\n {2}mFocusedApp=ActivityRecord\{\w+ u0 com\.android\.deskclock\/\.DeskClock t\d+\}\n/,
    );
    const acts = await sh('dumpsys activity activities');
    expect(acts).toMatch(/mResumedActivity: ActivityRecord\{\w+ u0 com\.android\.deskclock\/\.DeskClock t\d+\}/);
    expect(acts).toMatch(/topResumedActivity=ActivityRecord/);
    expect(acts).toMatch(/\* Hist #0: ActivityRecord\{\w+ u0 com\.android\.deskclock\/\.DeskClock/);
    expect(await sh('dumpsys package com.android.deskclock | grep versionName')).toBe('    versionName=7.4\n');
    expect(await sh('monkey -p com.nope -c android.intent.category.LAUNCHER 1')).toContain(
      '** No activities found to run, monkey aborted.',
    );
    expect(await sh('pm list packages | grep dialer')).toBe('package:com.android.dialer\n');
    expect(await sh('am start -n com.nope/.Main')).toContain('Error: Activity class {com.nope/com.nope.Main} does not exist.');
  });

  it('bookmark, save, favourite and like are toggles, as on real phones: pressed again, they are taken back', async () => {
    const pressTwice = async (open: string, pkg: string, read: (st: Record<string, unknown>) => unknown, on: Parameters<typeof tapOn>) => {
      await sh(`cmd vphone open ${open}`);
      await tapOn(...on);
      const once = read(await state(pkg));
      await tapOn(...on);
      return [once, read(await state(pkg))];
    };
    expect(
      await pressTwice('browser.page id=scam', 'com.vphone.browser', (x) => x['bookmarks'], [
        'resource-id',
        'com.vphone.browser:id/bookmark',
      ]),
    ).toEqual([['scam'], []]);
    expect(
      await pressTwice('news.article id=n5', 'com.vphone.news', (x) => x['saved'], ['resource-id', 'com.vphone.news:id/save']),
    ).toEqual([['n5'], []]);
    expect(
      await pressTwice('maps.place id=senior-uni', 'com.vphone.maps', (x) => x['favorites'], [
        'resource-id',
        'com.vphone.maps:id/save_star',
      ]),
    ).toEqual([['senior-uni'], []]);
    expect(
      await pressTwice('gallery.photo id=camera-2', 'com.vphone.gallery', (x) => x['favorites'], [
        'resource-id',
        'com.vphone.gallery:id/favorite',
      ]),
    ).toEqual([['camera-2'], []]);
    const [liked, unliked] = await pressTwice('chat.moments', 'com.vphone.chat', (x) => x['likes'], [
      'resource-id',
      'com.vphone.chat:id/like',
    ]);
    expect([(liked as string[]).length - (unliked as string[]).length]).toEqual([1]);
    await sh(`cmd vphone state set com.vphone.music '{"current":"s5"}'`);
    expect(
      await pressTwice('music.player', 'com.vphone.music', (x) => (x['favorites'] as string[]).length, [
        'resource-id',
        'com.vphone.music:id/favorite',
      ]),
    ).toEqual([1, 0]);
  });

  it('pm clear and cmd vphone reset restore initial state', async () => {
    await sh('cmd vphone open clock.alarms');
    await tapOn('resource-id', 'com.android.deskclock:id/onoff');
    expect((await state('com.android.deskclock')).alarms[0].enabled).toBe(false);
    expect(await sh('pm clear com.android.deskclock')).toBe('Success\n');
    expect((await state('com.android.deskclock')).alarms[0].enabled).toBe(true);
    await sh('settings put system font_scale 1.3; cmd vphone reset');
    expect((await sh('settings get system font_scale')).trim()).toBe('1.0');
  });
});
