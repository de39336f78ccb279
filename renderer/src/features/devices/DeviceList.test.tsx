import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../store/app-store.js';
import { fake } from '../../test/fake-api.js';
import { freshApp } from '../../test/render-app.js';
import { DeviceList } from './DeviceList.js';

vi.mock('../../platform/api.js', () => import('../../test/platform-mock.js'));

describe('the Devices screen', () => {
  beforeEach(() =>
    freshApp([[], []], () => {
      fake.answer('devices', 'list', () => ({
        server: '127.0.0.1:5037',
        reachable: true,
        problem: null,
        devices: [
          {
            serial: 'R58M',
            state: 'device',
            model: 'SM-A546',
            product: null,
            server: '127.0.0.1:5037',
            inUseBy: {
              purpose: 'elderbench run run-20261201-1',
              pid: 4242,
              host: 'lab-3',
              since: '2026-12-01T10:00:00.000Z',
              thisProcess: false,
            },
          },
          { serial: 'vphone-1', state: 'device', model: 'vPhone 6', product: null, server: '127.0.0.1:5037' },
        ],
      }));
    }),
  );
  afterEach(cleanup);

  it('shows which devices another run or recording holds, and by which process', async () => {
    await useAppStore.getState().loadDevices();
    render(<DeviceList />);
    expect((await screen.findByTestId('device-in-use-R58M')).textContent).toMatch(
      /In use by elderbench run run-20261201-1 \(process 4242 on lab-3\)/,
    );
    expect(screen.queryByTestId('device-in-use-vphone-1')).toBeNull();
  });
});
