import { describe, expect, it } from 'vitest';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import { focusedFieldLength } from './focused-field.js';

const dump = (nodes: string): string =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="p" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">${nodes}</node></hierarchy>`;
const field = (text: string, focused: boolean, extra = ''): string =>
  `<node index="0" text="${text}" resource-id="p:id/f" class="android.widget.EditText" package="p" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="${focused}" scrollable="false" long-clickable="true" password="false" selected="false" bounds="[0,0][100,100]"${extra} />`;

describe("the focused field's length (for clearing without an IME)", () => {
  it('counts characters, not bytes, of the focused EditText', () => {
    expect(focusedFieldLength(parseUiXml(dump(field('a'.repeat(70), true))))).toBe(70);
    expect(focusedFieldLength(parseUiXml(dump(field('声音', true))))).toBe(2);
  });

  it('is null with no focused field, and 0 when the text is the reported hint', () => {
    expect(focusedFieldLength(parseUiXml(dump(field('abc', false))))).toBeNull();
    expect(focusedFieldLength(parseUiXml(dump(field('Search', true, ' hint="Search"'))))).toBe(0);
  });
});
