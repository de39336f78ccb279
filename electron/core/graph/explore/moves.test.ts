import { describe, expect, it } from 'vitest';
import { parseUiXml } from '../../ui/parse-ui-xml.js';
import { movesOn } from './moves.js';

const attrs = (o: Record<string, string>) =>
  Object.entries({
    index: '0',
    text: '',
    'resource-id': '',
    class: 'android.widget.TextView',
    package: 'com.android.messaging',
    'content-desc': '',
    checkable: 'false',
    checked: 'false',
    clickable: 'true',
    enabled: 'true',
    focusable: 'true',
    focused: 'false',
    scrollable: 'false',
    'long-clickable': 'false',
    password: 'false',
    selected: 'false',
    ...o,
  })
    .map(([k, v]) => `${k}="${v}"`)
    .join(' ');

// The new-message form after 李强 was typed: the recipient field holds 李强, the suggestion 李强 below it.
const compose = parseUiXml(
  `<?xml version="1.0" encoding="UTF-8"?><hierarchy rotation="0"><node ${attrs({ class: 'android.widget.FrameLayout', clickable: 'false', bounds: '[0,0][1080,2400]' })}>` +
    `<node ${attrs({ text: '李强', class: 'android.widget.EditText', 'resource-id': 'recipient', focused: 'true', bounds: '[0,250][1080,360]' })} />` +
    `<node ${attrs({ text: '李强', 'resource-id': 'suggestion', bounds: '[0,400][1080,520]' })} />` +
    `</node></hierarchy>`,
);

describe('the moves on a screen', () => {
  it('a tap on a text field is found where the field is, not by its label (that is what it holds)', () => {
    const facts = {
      screen: { width: 1080, height: 2400 },
      inApp: true,
      focused: true,
      keyboard: true,
      appPackage: 'com.android.messaging',
    };
    const taps = movesOn(compose, facts, [], () => 0).filter((m) => m.kind === 'tap');
    expect(taps.map((m) => [m.bounds?.top, m.target])).toEqual([
      [250, undefined],
      [400, '李强'],
    ]);
  });
});
