import { describe, expect, it } from 'vitest';
import { closedNote, parseAlarmClocks, parseContentQuery, parsePackages, parseSettingsList } from './parse-probes.js';
import { snapshotScript, splitScriptOutput } from './snapshot.js';

describe('parsing what the shell prints', () => {
  it('content query rows, with NULL, a value containing ", x=" and a value over two lines', () => {
    const out =
      'Row: 0 _id=1, address=138, body=hi, type=2 no\n' +
      'Row: 1 _id=2, address=NULL, body=line one\nline two\n' +
      'Row: 2 _id=3, address=139, body=\n';
    const r = parseContentQuery(out, ['_id', 'address', 'body']);
    expect(r).toEqual({
      ok: true,
      value: [
        { _id: '1', address: '138', body: 'hi, type=2 no' },
        { _id: '2', address: null, body: 'line one\nline two' },
        { _id: '3', address: '139', body: '' },
      ],
    });
    expect(parseContentQuery('No result found.\n', ['_id'])).toEqual({ ok: true, value: [] });
  });
  it('a provider closed to the shell user is recognised, with the reason, and never read as data', () => {
    const closed = parseContentQuery(
      'Error while accessing provider:com.android.blockednumber\njava.lang.SecurityException: Caller must be system\n',
      ['_id'],
    );
    expect(closed).toMatchObject({ ok: false, note: expect.stringContaining('SecurityException') });
    expect(closedNote('/system/bin/sh: content: inaccessible or not found\n')).toContain('not found');
    expect(closedNote("cmd: Can't find service: vphone\n")).toContain("Can't find service");
    // A message that says "Permission Denial" is data, not an error.
    expect(closedNote('Row: 0 _id=1, body=Permission Denial\n')).toBeNull();
  });
  it('settings list, pm list packages', () => {
    expect(parseSettingsList('a=1\nb=x=y\n')).toEqual({ ok: true, value: { a: '1', b: 'x=y' } });
    expect(parsePackages('package:com.a\npackage:/data/app/x/base.apk=com.b\n')).toEqual({
      ok: true,
      value: { 'com.a': true, 'com.b': true },
    });
  });
  it('dumpsys alarm: only the alarm-clock alarms (what a person set), with owner and time', () => {
    const out = [
      '  Pending alarms:',
      '  RTC_WAKEUP #0: Alarm{18f7945 type 0 origWhen 1796079600000 window 0 exactAllowReason=policy_permission repeatInterval 0 count 0 flags 0x3 com.android.deskclock}',
      '    tag=*walarm*:com.android.deskclock.ALARM_ALERT',
      '    Alarm clock:',
      '      triggerTime=2026-12-01 07:00:00.000',
      '  RTC #1: Alarm{5b5630a type 1 origWhen 1796002260000 window 0 exactAllowReason=allow-listed repeatInterval 0 count 0 flags 0x1 android}',
      '    tag=*alarm*:android.intent.action.TIME_TICK',
    ].join('\n');
    expect(parseAlarmClocks(out)).toEqual({ ok: true, value: [{ package: 'com.android.deskclock', when: '1796079600000' }] });
  });
  it('one shell program runs every probe; its output splits back by marker, with each exit status', () => {
    const script = snapshotScript([
      { id: 'a', command: 'echo x', read: () => ({ ok: true, value: [] }) },
      { id: 'b', command: 'false', read: () => ({ ok: true, value: [] }) },
    ]);
    expect(script).toBe(
      'echo @@eb-snapshot:0:begin; echo x 2>&1; echo @@eb-snapshot:0:end:$?; echo @@eb-snapshot:1:begin; false 2>&1; echo @@eb-snapshot:1:end:$?',
    );
    const parts = splitScriptOutput('@@eb-snapshot:0:begin\nx\n@@eb-snapshot:0:end:0\n@@eb-snapshot:1:begin\n@@eb-snapshot:1:end:1\n', 2);
    expect(parts).toEqual([
      { text: 'x\n', status: 0 },
      { text: '', status: 1 },
    ]);
  });
});
