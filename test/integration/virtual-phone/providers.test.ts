import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../../electron/virtual-phone/index.js';
import { kitShell } from './helpers.js';

/**
 * The interfaces every Android phone offers the shell user for the user's data, answered from the
 * virtual phone's own apps in the platform's own output formats (what a side-effect snapshot reads).
 */
const T0 = Date.UTC(2026, 10, 30, 1, 30); // Monday 09:30 in Shanghai

describe('the data a shell may read, as a phone prints it', () => {
  let server: VirtualPhoneServer;
  const sh = (cmd: string) => kitShell(server.port, 'vphone-1', cmd);
  beforeEach(async () => {
    server = await startVirtualPhoneServer({ port: 0, locale: 'zh', seed: 11, frozenClockMs: T0 });
  });
  afterEach(() => server.close());

  it('content query: contacts from the dialer, with projection, where, and the rows going when a contact is deleted', async () => {
    await sh(
      `cmd vphone state set com.android.dialer '{"contacts":[{"id":1,"name":"王丽","number":"13800000001"},{"id":2,"name":"药房","number":"13800000007"}]}'`,
    );
    expect(await sh('content query --uri content://com.android.contacts/data/phones --projection _id:display_name:data1')).toBe(
      'Row: 0 _id=11, display_name=王丽, data1=13800000001\nRow: 1 _id=21, display_name=药房, data1=13800000007\n',
    );
    expect(await sh(`content query --uri content://contacts/phones --where "name='药房'"`)).toBe(
      'Row: 0 _id=2, name=药房, number=13800000007, type=2\n',
    );
    await sh(`cmd vphone state set com.android.dialer '{"contacts":[{"id":1,"name":"王丽","number":"13800000001"}]}'`);
    expect(await sh('content query --uri content://com.android.contacts/contacts --projection display_name')).toBe(
      'Row: 0 display_name=王丽\n',
    );
    expect(await sh('content query --uri content://com.android.contacts/contacts --where "display_name=\'nobody\'"')).toBe(
      'No result found.\n',
    );
  });

  it('content query: the call log and SMS keep their row ids as rows come and go; a call made is type 2', async () => {
    const calls = async () => sh('content query --uri content://call_log/calls --projection _id:number:type:new');
    const before = await calls();
    const ids = [...before.matchAll(/_id=(\d+)/g)].map((m) => Number(m[1]));
    // Dial and press the call button, as a person does.
    await sh('am start -a android.intent.action.DIAL -d tel:13800000003');
    const m = /resource-id="com\.android\.dialer:id\/dialpad_floating_action_button"[^>]*bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(
      await sh('uiautomator dump /dev/tty'),
    )!;
    await sh(`input tap ${(Number(m[1]) + Number(m[3])) >> 1} ${(Number(m[2]) + Number(m[4])) >> 1}`);
    const after = await calls();
    expect(after).toMatch(new RegExp(`^Row: 0 _id=${Math.max(...ids) + 1}, number=13800000003, type=2, new=0$`, 'm'));
    // The rows that were there keep their ids.
    for (const line of before.trim().split('\n')) expect(after).toContain(line.replace(/^Row: \d+ /, ''));
    expect(await sh('content query --uri content://sms/inbox --projection address:read:body --where "read=0"')).toMatch(
      /body=妈，周日回来吃饭吗？/,
    );
    expect(await sh('content query --uri content://sms/sent')).toBe('No result found.\n');
  });

  it('a provider closed to the shell user says so, as real phones do', async () => {
    const out = await sh('content query --uri content://com.android.blockednumber/blocked; echo status=$?');
    expect(out).toBe(
      'Error while accessing provider:com.android.blockednumber\njava.lang.SecurityException: Caller must be system, default dialer or default SMS app\nstatus=1\n',
    );
    expect(await sh('content query --uri content://nope/x')).toMatch(
      /^Error while accessing provider:nope\njava.lang.IllegalArgumentException: Unknown URI/,
    );
  });

  it('dumpsys alarm lists one alarm-clock alarm per enabled alarm, at its next ring in the phone zone; none once switched off', async () => {
    const out = await sh('dumpsys alarm');
    expect(out).toContain('nowRTC=1796002200000=2026-11-30 09:30:00.000');
    // 07:00 on weekdays: today's has passed, so tomorrow (Tuesday) 07:00 Shanghai.
    expect(out).toMatch(
      /RTC_WAKEUP #0: Alarm\{\w+ type 0 origWhen 1796079600000 .* com\.android\.deskclock\}\n\s+tag=\*walarm\*:com\.android\.deskclock\.ALARM_ALERT/,
    );
    expect(out).toContain('Alarm clock:\n      triggerTime=2026-12-01 07:00:00.000');
    expect(out.match(/Alarm clock:/g)).toHaveLength(1); // the 08:30 medicine alarm is off
    await sh(`cmd vphone state set com.android.deskclock '{"alarms":[]}'`);
    expect(await sh('dumpsys alarm')).not.toContain('Alarm clock:');
  });

  it('pm list packages shows what the app store installed, as third-party packages', async () => {
    expect(await sh('pm list packages -3')).toBe('package:com.vphone.store.weather_pro\n');
    await sh(`cmd vphone state set com.vphone.appstore '{"installed":["weather-pro","dance"]}'`);
    expect(await sh('pm list packages -3')).toBe('package:com.vphone.store.dance\npackage:com.vphone.store.weather_pro\n');
    expect(await sh('pm list packages -f dance')).toBe('package:/data/app/com.vphone.store.dance-1/base.apk=com.vphone.store.dance\n');
    expect(await sh('pm list packages -s')).not.toContain('com.vphone.store');
  });

  it('settings list prints each table as key=value lines', async () => {
    await sh('settings put system font_scale 1.3');
    expect(await sh('settings list system')).toMatch(/^font_scale=1\.3$/m);
  });
});
