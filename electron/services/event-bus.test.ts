import { describe, expect, it } from 'vitest';
import type { PushedEvent } from './event-bus.js';
import { EventBus } from './event-bus.js';

describe('EventBus', () => {
  it('pushes an event on the channel the contract derives, to every subscriber', () => {
    const bus = new EventBus();
    const seen: PushedEvent[] = [];
    bus.subscribe(() => {
      throw new Error('a closed socket');
    });
    const off = bus.subscribe((e) => seen.push(e));
    bus.emit('system', 'onDataChanged', { table: 'runs' });
    off();
    bus.emit('system', 'onDataChanged', { table: 'tasks' });
    expect(seen).toEqual([{ channel: 'system.onDataChanged', payload: { table: 'runs' } }]);
  });

  it('checks service, event and payload against the contract at compile time', () => {
    const bus = new EventBus();
    // The type checker (npm run typecheck) fails this file if any line below stops being an error.
    // @ts-expect-error a service the API does not have
    bus.emit('nothing', 'onDataChanged', { table: 'runs' });
    // @ts-expect-error an event the service does not declare (a method is not an event)
    bus.emit('runs', 'list', null);
    // @ts-expect-error a payload of the wrong shape
    bus.emit('system', 'onDataChanged', { table: 'no-such-table' });
    // @ts-expect-error another service's event
    bus.emit('devices', 'onProgress', { runId: 'r' });
    expect(true).toBe(true);
  });
});
