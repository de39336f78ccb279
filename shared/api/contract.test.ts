import { describe, expect, it } from 'vitest';
import { EVENT_CHANNELS, EVENT_NAME, METHOD_CHANNELS, apiContract } from './index.js';

describe('the API contract', () => {
  it('derives one channel per method and per event, named service.name', () => {
    const all = [...METHOD_CHANNELS, ...EVENT_CHANNELS].map((c) => c.channel);
    expect(new Set(all).size).toBe(all.length);
    expect(METHOD_CHANNELS.map((c) => c.channel)).toContain('settings.update');
    expect(EVENT_CHANNELS.map((c) => c.channel)).toContain('settings.onChanged');
  });

  it('names every event onX and no method onX, so the two can never be confused', () => {
    for (const c of EVENT_CHANNELS) expect(c.name).toMatch(EVENT_NAME);
    for (const c of METHOD_CHANNELS) expect(c.name).not.toMatch(EVENT_NAME);
  });

  it('declares every service the app has sections for', () => {
    expect(Object.keys(apiContract).sort()).toEqual(
      ['analysis', 'devices', 'graphs', 'offGraph', 'recording', 'review', 'runs', 'settings', 'system', 'tasks', 'workspace'].sort(),
    );
  });

  it('rejects unknown fields in arguments (strict schemas)', () => {
    const update = METHOD_CHANNELS.find((c) => c.channel === 'settings.update')!;
    expect(update.spec.input.safeParse({ uiScale: 1.5 }).success).toBe(true);
    expect(update.spec.input.safeParse({ uiScale: 1.5, evil: true }).success).toBe(false);
  });
});
