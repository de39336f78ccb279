import { describe, expect, it } from 'vitest';
import type { ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import { parseReplyAs, readSize } from './parse-reply.js';

/**
 * One documented-format tap per family, mapped to device pixels on the three reference screens.
 * Relative models answer the same numbers on every screen; UI-TARS-1.5 answers in pixels of the
 * smart-resized image, so its numbers differ per screen but land on the same place.
 */
const SCREENS = [
  [1080, 2400],
  [1440, 3200],
  [720, 1600],
] as const;

const RELATIVE: [ModelAdapterId, string, string, [number, number, number, number, number, number]][] = [
  ['autoglm', 'cn', '<think>…</think><answer>do(action="Tap", element=[924,37])</answer>', [997, 88, 1330, 118, 665, 59]],
  ['uitars', 'doubao', "Thought: Click the Wi-Fi entry.\nAction: click(point='<point>512 230</point>')", [552, 552, 737, 736, 368, 368]],
  [
    'guiowl',
    '1.5',
    'Action: Tap the "Display" entry.\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [503, 412]}}\n</tool_call>',
    [543, 988, 724, 1318, 362, 659],
  ],
  [
    'uivenus',
    '1.5',
    '<think>The search box is at the top.</think>\n<action>Click(box=(512,86))</action>\n<conclusion>…</conclusion>',
    [552, 206, 737, 275, 368, 137],
  ],
  [
    'qwen-vl',
    '3',
    'Thought: …\nAction: "tap"\n<tool_call>\n{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [447, 81]}}\n</tool_call>',
    [483, 194, 644, 259, 322, 129],
  ],
  ['vlm', '1', 'Thought: …\n{"action": "tap", "point": [120, 640]}', [129, 1536, 172, 2048, 86, 1024]],
];

describe('documented replies → device pixels on 1080×2400, 1440×3200, 720×1600', () => {
  it.each(RELATIVE)('%s@%s', (format, variant, raw, px) => {
    SCREENS.forEach(([width, height], i) => {
      const r = parseReplyAs(format, raw, { screen: { width, height }, variant });
      expect(r.action.type).toBe('Tap');
      expect(r.pixels.at).toEqual({ x: px[2 * i], y: px[2 * i + 1] });
    });
  });

  it('uitars@1.5: the screen centre in each resized image lands on the device centre', () => {
    const answers = ['(546,1204)', '(714,1596)', '(364,798)'];
    SCREENS.forEach(([width, height], i) => {
      const r = parseReplyAs('uitars', `Action: click(start_box='${answers[i]}')`, { screen: { width, height } });
      expect(r.pixels.at).toEqual({ x: width / 2, y: height / 2 });
    });
  });

  it('uses the sent size it is given rather than the device size (reply case 7)', () => {
    const withDevice = parseReplyAs('uitars', "Action: click(start_box='(1080,2400)')", {
      screen: { width: 1080, height: 2400 },
      sent: { width: 1080, height: 2400 },
    });
    expect(withDevice.pixels.at).toEqual({ x: 1079, y: 2399 });
    const resized = parseReplyAs('uitars', "Action: click(start_box='(1080,2400)')", { screen: { width: 1080, height: 2400 } });
    expect(resized.sent).toEqual({ width: 1092, height: 2408 });
    expect(resized.pixels.at).toEqual({ x: 1068, y: 2392 });
  });

  it('swipes map both ends; sizes and variants are checked', () => {
    const r = parseReplyAs('autoglm', 'do(action="Swipe", start=[500,800], end=[500,300])', { screen: { width: 720, height: 1600 } });
    expect(r.pixels).toEqual({ from: { x: 360, y: 1280 }, to: { x: 360, y: 480 } });
    expect(() => readSize('1080*2400', '--screen')).toThrow(/1080x2400/);
    expect(() => parseReplyAs('uitars', 'x', { screen: { width: 1, height: 1 }, variant: '2.0' })).toThrow(/1\.5, doubao, 1\.0/);
  });
});
