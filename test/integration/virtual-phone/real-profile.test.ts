import { describe, expect, it } from 'vitest';
import type { Duplex } from 'node:stream';
import type { ProfileOption } from '../../../electron/virtual-phone/index.js';
import { Adb, kit, kitShell } from './helpers.js';
import { useVirtualPhones } from '../../support/virtual-phone.js';

/** The real-phone profile without its delays, so failure behaviour can be sampled quickly. */
const FAST: ProfileOption = { name: 'real', screencapMs: [0, 0], dumpMs: [0, 0], inputMs: [0, 0], launchMs: [0, 0], drops: null };

describe('the real-phone timing profile', () => {
  const phones = useVirtualPhones();

  it('is as slow as a mid-range phone where real phones are slow', async () => {
    const s = await phones({ profile: 'real' });
    expect(s.profile).toBe('real');
    const timed = async (cmd: string): Promise<number> => {
      const t0 = performance.now();
      await kitShell(s.port, 'vphone-1', cmd);
      return performance.now() - t0;
    };
    expect(await timed('screencap -p')).toBeGreaterThanOrEqual(700);
    expect(await timed('uiautomator dump /dev/tty')).toBeGreaterThanOrEqual(1000);
    expect(await timed('input swipe 500 1500 500 900 300')).toBeGreaterThanOrEqual(150 + 300);
    expect(await timed('getprop ro.build.version.sdk')).toBeLessThan(700); // only captures and inputs are slow
  });

  it('a dump while the screen animates gives up about one time in ten, writing nothing and exiting 0', async () => {
    const s = await phones({ profile: FAST });
    let failures = 0;
    for (let i = 0; i < 200; i++) {
      const out = await kitShell(
        s.port,
        'vphone-1',
        'input keyevent 24; rm -f /sdcard/d.xml; uiautomator dump /sdcard/d.xml && echo exit0; ls /sdcard/d.xml',
      );
      if (out.includes('ERROR: could not get idle state.')) {
        failures++;
        expect(out).toContain('exit0');
        expect(out).toContain('No such file or directory');
      } else expect(out).toContain('UI hierchary dumped to: /sdcard/d.xml');
    }
    expect(failures).toBeGreaterThanOrEqual(8);
    expect(failures).toBeLessThanOrEqual(35);
    expect(s.phone('vphone-1').timing.stats.idleFailures).toBe(failures);
  });

  it('a still screen never fails a dump', async () => {
    const s = await phones({ profile: { ...(FAST as object), name: 'real', animationMs: 0 } });
    for (let i = 0; i < 50; i++)
      expect(await kitShell(s.port, 'vphone-1', 'input keyevent 24; uiautomator dump /dev/tty')).toContain('</hierarchy>');
  });

  it('is seeded: the same seed fails the same dumps, another seed others', async () => {
    const pattern = async (seed: number): Promise<string> => {
      const s = await phones({ profile: FAST, seed });
      let p = '';
      for (let i = 0; i < 60; i++)
        p += (await kitShell(s.port, 'vphone-1', 'input keyevent 24; uiautomator dump /dev/tty')).includes('idle state') ? 'x' : '.';
      return p;
    };
    const a = await pattern(7);
    expect(await pattern(7)).toBe(a);
    expect(await pattern(8)).not.toBe(a);
    expect(a).toContain('x');
  });

  it('drops the transport now and then; a drop never cuts an input short, so every accepted input ran exactly once', async () => {
    const s = await phones({
      profile: {
        name: 'real',
        screencapMs: [0, 0],
        dumpMs: [0, 0],
        launchMs: [0, 0],
        inputMs: [40, 80],
        drops: { meanIntervalMs: 250, downMs: [100, 200] },
      },
    });
    const device = kit(s.port).getDevice('vphone-1');
    let accepted = 0;
    let refused = 0;
    // Read in-process: over adb, the reading itself could meet a drop.
    const volume = (): number => s.phone('vphone-1').phone.settings.num('system', 'volume_music', 8);
    await kitShell(s.port, 'vphone-1', 'settings put system volume_music 15').catch(() => undefined);
    const before = volume();
    const start = s.phone('vphone-1').timing.stats.inputs;
    while (s.phone('vphone-1').timing.stats.drops < 4) {
      let stream: Duplex;
      try {
        stream = (await device.shell('input keyevent 25')) as Duplex; // volume down: every run of it is visible
      } catch {
        refused++; // the phone was away: the request never reached it
        continue;
      }
      await Adb.util.readAll(stream); // an accepted input is never cut: this must not throw
      accepted++;
    }
    expect(refused).toBeGreaterThan(0);
    expect(s.phone('vphone-1').timing.stats.inputs - start).toBe(accepted);
    expect(volume()).toBe(Math.max(0, before - accepted));
  }, 120_000);
});
