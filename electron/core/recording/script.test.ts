import { describe, expect, it } from 'vitest';
import type { Action } from '../../../shared/domain/action.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import { ScriptTargetError, resolveScriptStep } from './script.js';

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
