import { describe, expect, it } from 'vitest';
import { deviceNames, splitDeviceName } from './device-names.js';

describe('device names across adb servers', () => {
  const A = '127.0.0.1:5037';
  const B = '10.0.0.2:5037';

  it('keeps bare serials while they are unique, qualifies only the ones that collide', () => {
    const devs = [
      { server: A, serial: 'vphone-1' },
      { server: A, serial: 'R58M123' },
      { server: B, serial: 'vphone-1' },
      { server: B, serial: '10.0.0.9:5555' },
    ];
    expect(deviceNames(devs, 2)).toEqual([`${A}/vphone-1`, 'R58M123', `${B}/vphone-1`, '10.0.0.9:5555']);
    expect(deviceNames(devs.slice(0, 2), 1)).toEqual(['vphone-1', 'R58M123']);
  });

  it('splits host:port/serial only for a configured server (network serials contain a colon, never a slash)', () => {
    expect(splitDeviceName(`${B}/vphone-1`, [A, B])).toEqual({ server: B, serial: 'vphone-1' });
    expect(splitDeviceName('10.0.0.9:5555', [A, B])).toEqual({ server: null, serial: '10.0.0.9:5555' });
    expect(splitDeviceName(`${A}/10.0.0.9:5555`, [A, B])).toEqual({ server: A, serial: '10.0.0.9:5555' });
    expect(splitDeviceName('1.2.3.4:5037/x', [A, B])).toEqual({ server: null, serial: '1.2.3.4:5037/x' });
  });
});
