import { describe, expect, it } from 'vitest';
import { createApiClient } from './client.js';
import { EVENT_CHANNELS, METHOD_CHANNELS } from './index.js';

describe('createApiClient: the API object of both transports', () => {
  it('has one function per method of the contract, each calling its own channel', async () => {
    const calls: [string, unknown][] = [];
    const { api } = createApiClient({ call: async (channel, input) => (calls.push([channel, input]), `result of ${channel}`) });
    for (const c of METHOD_CHANNELS)
      expect(typeof (api as unknown as Record<string, Record<string, unknown>>)[c.service]![c.name]).toBe('function');
    await expect(api.runs.report({ runId: 'r1' })).resolves.toBe('result of runs.report');
    expect(calls).toEqual([['runs.report', { runId: 'r1' }]]);
  });

  it('delivers a pushed event to the listeners of its channel only, until they unsubscribe', () => {
    let subscribed = 0;
    const client = createApiClient({ call: async () => null, onSubscribe: () => subscribed++ });
    expect(EVENT_CHANNELS.map((c) => c.channel)).toContain('runs.onProgress');
    const seen: unknown[] = [];
    const off = client.api.runs.onProgress((p) => seen.push(p));
    client.api.devices.onChanged(() => seen.push('wrong channel'));
    expect(subscribed).toBe(2);
    client.dispatch('runs.onProgress', { runId: 'r1' });
    off();
    client.dispatch('runs.onProgress', { runId: 'r2' });
    expect(seen).toEqual([{ runId: 'r1' }]);
    expect(client.listening()).toBe(true);
  });

  it('says when nobody listens any more (web mode then stops reconnecting)', () => {
    const client = createApiClient({ call: async () => null });
    const off = client.api.system.onDataChanged(() => undefined);
    expect(client.listening()).toBe(true);
    off();
    expect(client.listening()).toBe(false);
  });
});
