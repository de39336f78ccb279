import { describe, expect, it } from 'vitest';
import { APPS } from '../apps/registry.js';
import { PhoneModel } from './phone.js';
import type { InputEvent } from './touchscreen.js';
import { BTN_TOUCH, TAP_HOLD_MS, Touchscreen } from './touchscreen.js';

/** The phone's process starved (a loaded machine): nothing of it runs for `ms`. */
const starve = (ms: number): void => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

describe("the virtual phone's touchscreen", () => {
  it('stamps a tap as the finger made it, however late the starved process lifts it', async () => {
    const touch = new Touchscreen(new PhoneModel('en', 1, 'vphone-1', APPS), () => undefined);
    const events: InputEvent[] = [];
    touch.onEvent((e) => events.push(e));
    const tap = touch.tapAt(540, 1200);
    starve(700);
    await tap;
    const [down, up] = events.filter((e) => e.code === BTN_TOUCH);
    expect(down!.value).toBe(1);
    expect(up!.value).toBe(0);
    // Held 60 ms, as a getevent reader sees it: not the 700 ms the process waited (a long press).
    expect((up!.time - down!.time) * 1000).toBeCloseTo(TAP_HOLD_MS, 0);
  });
});
