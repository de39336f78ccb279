import { describe, expect, it } from 'vitest';
import { reviewSetup, setupCommandRisk, shellWords } from './setup-review.js';

const PKG = 'com.android.settings';

describe('reviewing setup commands', () => {
  it('knows the harmless ones: virtual-phone control, am, pm clear of the task’s own app, known settings, key events', () => {
    for (const c of [
      'cmd vphone reset',
      `cmd vphone state set com.android.dialer '{"contacts":[{"id":1,"name":"王丽"}],"next":2}'`,
      'am force-stop com.vphone.chat',
      'am start -n com.android.settings/.Settings',
      `pm clear ${PKG}`,
      'settings put system font_scale 1.0',
      'settings put secure ui_night_mode 2',
      'settings put global bluetooth_on 1',
      'settings get global wifi_on',
      'input keyevent 3',
      'sleep 1',
    ]) {
      expect(setupCommandRisk(c, PKG), c).toBeNull();
    }
  });

  it('reports everything else, saying why', () => {
    const cases: [string, RegExp][] = [
      ['rm -rf /sdcard/DCIM', /`rm` is not a command known to be harmless/],
      ['pm uninstall com.whatsapp', /`pm uninstall` changes installed apps/],
      ['pm clear com.tencent.mm', /clears the data of com.tencent.mm, not of the task's own app/],
      ['settings put global adb_enabled 0', /global adb_enabled is not a known/],
      ['settings put global wifi_on 0', /not a known/],
      ['svc wifi disable', /`svc` is not a command/],
      ['cmd vphone reset; rm -rf /sdcard', /shell line with the shell character ";"/],
      ['am force-stop com.x && reboot', /shell character "&"/],
      ['echo $(reboot)', /shell character "\$"/],
      ['cat /sdcard/a > /sdcard/b', /shell character ">"/],
      ['echo "$HOME"', /substitution/],
      ["cmd vphone 'unterminated", /unterminated quote/],
      ['input tap 500 500', /acts on whatever is on the screen/],
      ['settings delete system font_scale', /not a plain put/],
    ];
    for (const [c, why] of cases) expect(setupCommandRisk(c, PKG), c).toMatch(why);
  });

  it('splits shell words like the device shell would', () => {
    expect(shellWords(`a 'b c' "d \\" e" f`)).toEqual({ words: ['a', 'b c', 'd " e', 'f'] });
    expect(reviewSetup([{ id: 't', package: PKG, setup: ['cmd vphone reset', 'reboot'] }])).toEqual([
      { taskId: 't', command: 'reboot', reason: '`reboot` is not a command known to be harmless to a phone' },
    ]);
  });
});
