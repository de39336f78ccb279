import { describe, expect, it } from 'vitest';
import type { Action } from '../../../../shared/domain/action.js';
import type { Bounds } from '../../../../shared/domain/ui-node.js';
import { toNorm } from '../../geometry/coordinates.js';
import { actsOnUnshown, aimByLabel } from './aim.js';

const screen = { width: 1080, height: 2400 };
const b = (left: number, top: number, right: number, bottom: number): Bounds => ({ left, top, right, bottom });
const tapPx = (x: number, y: number): Action => ({ type: 'Tap', at: toNorm({ x, y }, screen) });
const at = (a: Action): { x: number; y: number } => ('at' in a ? a.at : { x: -1, y: -1 });

// The recorded screen: the search box holding 哈尔滨, the result 哈尔滨 below it, two rows labelled 删除, all in a list.
const harbin = b(0, 400, 1080, 520);
const node = {
  controls: [
    { bounds: b(40, 120, 1040, 240), label: '哈尔滨' },
    { bounds: harbin, label: '哈尔滨' },
    { bounds: b(900, 600, 1040, 700), label: '删除' },
    { bounds: b(900, 800, 1040, 900), label: '删除' },
  ],
  inputs: [b(40, 120, 1040, 240)],
  scrolls: [b(0, 300, 1080, 2200)],
};

describe('a tap aimed where the screen shown has its element', () => {
  it('on the recorded screen: at the one control with that label (a text field is not it: its label is its text)', () => {
    const moved = aimByLabel(tapPx(540, 1500), '哈尔滨', { node, kind: 'recorded', scrolledPx: 0 }, screen);
    expect(at(moved)).toEqual({ x: 500, y: Math.round(toNorm({ x: 540, y: 460 }, screen).y) });
  });

  it('stays where the phone had it: already on the element, a label shown twice, no label, a page no demonstration recorded', () => {
    const onIt = tapPx(540, 470);
    expect(aimByLabel(onIt, '哈尔滨', { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(onIt);
    const t = tapPx(970, 1650);
    expect(aimByLabel(t, '删除', { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(t);
    expect(aimByLabel(t, null, { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(t);
    expect(aimByLabel(t, '哈尔滨', { node, kind: 'excursion', scrolledPx: 0 }, screen)).toBe(t);
    const swipe: Action = { type: 'Swipe', from: { x: 500, y: 700 }, to: { x: 500, y: 300 } };
    expect(aimByLabel(swipe, '哈尔滨', { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(swipe);
  });

  it('on the screen scrolled: where the shifted screen shows it, while the list still shows it', () => {
    const moved = aimByLabel(tapPx(540, 1500), '哈尔滨', { node, kind: 'scrolled', scrolledPx: 100 }, screen);
    expect(at(moved).y).toBe(Math.round(toNorm({ x: 540, y: 360 }, screen).y));
    // Scrolled 300 px, the row would be above the list's top: the shifted screen does not show it.
    const t = tapPx(540, 1500);
    expect(aimByLabel(t, '哈尔滨', { node, kind: 'scrolled', scrolledPx: 300 }, screen)).toBe(t);
  });
});

describe('an action where the run showed nothing recorded', () => {
  it('any action on a page no demonstration recorded; on a scrolled list, a tap past what its recorded screen shows', () => {
    expect(actsOnUnshown({ type: 'Back' }, { node, kind: 'excursion', scrolledPx: 0 }, screen)).toBe(true);
    expect(actsOnUnshown(tapPx(540, 1000), { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(false);
    // Scrolled by 1,000 px: what the finger finds at 1,000 is recorded at 2,000 (shown); at 1,500 it is past the list's 2,200.
    expect(actsOnUnshown(tapPx(540, 1000), { node, kind: 'scrolled', scrolledPx: 1000 }, screen)).toBe(false);
    expect(actsOnUnshown(tapPx(540, 1500), { node, kind: 'scrolled', scrolledPx: 1000 }, screen)).toBe(true);
    // Outside the list (the app bar) the scroll does not move what is under the finger.
    expect(actsOnUnshown(tapPx(540, 150), { node, kind: 'scrolled', scrolledPx: 1000 }, screen)).toBe(false);
  });

  it('the keyboard up on the phone and no recording shows it: a tap in the lower half (the keyboard, the bar it lifted)', () => {
    const noKeyboard = { node, kind: 'recorded', scrolledPx: 0, keyboardUnshown: true };
    expect(actsOnUnshown(tapPx(540, 2150), noKeyboard, screen)).toBe(true);
    expect(actsOnUnshown(tapPx(540, 400), noKeyboard, screen)).toBe(false);
    expect(actsOnUnshown(tapPx(540, 2150), { node, kind: 'recorded', scrolledPx: 0 }, screen)).toBe(false);
  });
});
