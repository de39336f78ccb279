import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import { MAX_SCROLLS, ScriptTargetError, playScriptAimed, resolveScriptStep, resolveScrolling, scrollSwipe } from './script.js';

const screen = { width: 1000, height: 2000 };
/** A feed showing two headlines, one per row (rows 200 px high from y = 200). */
const feed = (titles: string[]) =>
  parseUiXml(
    `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0">` +
      `<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.vphone.news" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1000,2000]">` +
      titles
        .map(
          (t, i) =>
            `<node index="${i}" text="${t}" resource-id="headline" class="android.widget.TextView" package="com.vphone.news" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,${200 + i * 200}][1000,${400 + i * 200}]" />`,
        )
        .join('') +
      `</node></hierarchy>`,
  );

/** Which row a tap landed on (normalised y: 0–1000 over the screen's height). */
const rowOf = (a: Action): number => (a.type === 'Tap' ? Math.floor((a.at.y * 2 - 200) / 200) : -1);

describe('a label-addressed tap', () => {
  it('taps the named element where the screen shows it', () => {
    const a = resolveScriptStep({ type: 'Tap', on: '护眼', any: ['散步', '护眼'] }, feed(['散步', '护眼']), screen);
    expect(rowOf(a)).toBe(1);
  });

  it('takes the first option marked as doing as well, in screen order, where the screen does not show it (a feed in another order)', () => {
    const a = resolveScriptStep({ type: 'Tap', on: '护眼', any: ['散步', '护眼', '睡觉'] }, feed(['停水', '睡觉', '散步']), screen);
    expect(rowOf(a)).toBe(1);
  });

  it('fails, naming what it looked for, where neither is shown or no options are marked', () => {
    expect(() => resolveScriptStep({ type: 'Tap', on: '护眼', any: ['散步'] }, feed(['停水']), screen)).toThrow(
      /labelled "护眼" \(exact\) nor any of "散步" on screen; clickable labels: 停水/,
    );
    expect(() => resolveScriptStep({ type: 'Tap', on: '护眼', any: true }, feed(['散步']), screen)).toThrow(ScriptTargetError);
  });
});

describe('a tap that scrolls until its target shows', () => {
  /** A feed that moves one headline up per swipe down. */
  const scrolling = (titles: string[]) => {
    let first = 0;
    const swipes: Action[] = [];
    return {
      read: () => Promise.resolve(feed(titles.slice(first, first + 2))),
      perform: (a: Action) => {
        swipes.push(a);
        if (a.type === 'Swipe' && a.from.y > a.to.y) first++;
        return Promise.resolve();
      },
      swipes,
    };
  };

  it('swipes as many times as the list needs, each swipe handed on as a step of its own, then taps it', async () => {
    const f = scrolling(['停水', '睡觉', '散步', '护眼']);
    const a = await resolveScrolling({ type: 'Tap', on: '护眼', scroll: 'down' }, f.read, f.perform, screen);
    expect(f.swipes).toEqual([scrollSwipe('down'), scrollSwipe('down')]);
    expect(rowOf(a)).toBe(1);
  });

  it('does not swipe where the screen shows it already, nor for a step without scroll', async () => {
    const f = scrolling(['护眼', '睡觉']);
    expect(rowOf(await resolveScrolling({ type: 'Tap', on: '护眼', scroll: 'down' }, f.read, f.perform, screen))).toBe(0);
    // Without scroll a target below the screen is an error, as before: nothing is swiped.
    const g = scrolling(['停水', '护眼', '睡觉']);
    await expect(resolveScrolling({ type: 'Tap', on: '睡觉' }, g.read, g.perform, screen)).rejects.toThrow(ScriptTargetError);
    expect([...f.swipes, ...g.swipes]).toEqual([]);
  });

  it(`gives up after ${MAX_SCROLLS} swipes, naming what it looked for`, async () => {
    const f = scrolling(Array.from({ length: 30 }, (_, i) => `新闻${i}`));
    await expect(resolveScrolling({ type: 'Tap', on: '护眼', scroll: 'down' }, f.read, f.perform, screen)).rejects.toThrow(
      /labelled "护眼"/,
    );
    expect(f.swipes).toHaveLength(MAX_SCROLLS);
  });
});

describe('the label a played tap was aimed at', () => {
  const node = (cls: string, text: string, y: number) =>
    `<node index="0" text="${text}" resource-id="" class="${cls}" package="com.vphone.music" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,${y}][1000,${y + 150}]" />`;
  // The results of the query 甜蜜蜜: the search box holding it, the song's row under it.
  const XML =
    `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.vphone.music" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1000,2000]">` +
    node('android.widget.EditText', '甜蜜蜜', 200) +
    node('android.widget.TextView', '甜蜜蜜', 400) +
    `</node></hierarchy>`;
  const device = {
    serial: 'p',
    info: async () => ({ serial: 'p', model: 'm', release: '14', sdk: 34, screen, density: 420, packageVersions: {}, emulator: true }),
    screenshot: async () => new Uint8Array(),
    uiDump: async () => XML,
    foreground: async () => ({ package: 'com.vphone.music', activity: 'A' }),
    tap: async () => {},
    longPress: async () => {},
    swipe: async () => {},
    type: async () => {},
    key: async () => {},
    launch: async () => {},
    shell: async () => '',
  };
  const deps = { resolvePackage: () => null, sleep: async () => {}, parse: parseUiXml };

  it('is the row’s label where a text field holds the same text (the query above its result)', async () => {
    const played = await playScriptAimed(device, [{ type: 'Tap', on: '甜蜜蜜', nth: 1 }], deps);
    expect(played.targets).toEqual(['甜蜜蜜']);
  });
});
