import { describe, expect, it } from 'vitest';
import type { ModelAdapterId } from '../../shared/schemas/agent-config.js';
import { MODEL_ADAPTERS } from '../../shared/schemas/agent-config.js';
import { parseReplyAs } from '../../electron/core/agents/parse-reply.js';

/**
 * Replies built to make a parser do quadratic work: long words, thousands of cut-off calls,
 * markers, open tags, nested braces, blank lines. A model (or a proxy in front of one) can send
 * any of these; before, an 80,000-letter reply took ~9 s in the UI-TARS and UI-Venus parsers and
 * a 5 MB one over 30 s, blocking the backend. Each must now parse in well under a second.
 *
 * Time is the process's CPU time for the parse, not the wall clock: other work on a busy machine
 * stretches the wall clock of a linear parse, while a quadratic one blows the budget either way. The file runs in a
 * process of its own (with the fuzz tests, not in the unit project's shared worker): there, the garbage other files
 * left in the heap was collected during a parse and counted against it.
 */
const MB5 = 5 * 1024 * 1024;
const fill = (unit: string, size = MB5): string => unit.repeat(Math.ceil(size / unit.length));

const ATTACKS: Record<string, string> = {
  'one long word': fill('a'),
  'cut-off click( calls': fill('click('),
  'cut-off do( calls': fill('do('),
  'cut-off Click( in <action>': `<action>${fill('Click(')}`,
  'Action: markers each with a cut-off call': fill('Action: click('),
  'unclosed <think> tags': fill('<think>'),
  'unclosed <think> then a closed <thinking>': `${fill('<think>', MB5 / 2)}${fill('<thinking>', MB5 / 2)}</thinking>`,
  'a thought of blank lines': `Thought: x${fill('\n')}y`,
  'nested braces that are not JSON': `${fill('{', MB5 / 2)}${fill('}', MB5 / 2)}`,
  'unclosed <tool_call> blocks': fill('<tool_call>{'),
  'an argument of spaces': `Action: click(start_box=${fill(' ')}x)`,
  'quotes that never close': `Action: type(content='${fill("' ")})`,
  'open JSON keys': fill('{"a":'),
};

const cpuMs = (f: () => void): number => {
  const t0 = process.cpuUsage();
  f();
  const d = process.cpuUsage(t0);
  return (d.user + d.system) / 1000;
};

describe('model replies crafted to be slow to parse', () => {
  it("the issue's reproduction: an 80,000-letter reply is a quick ParseError in every format", () => {
    const raw = 'a'.repeat(80_000);
    for (const format of MODEL_ADAPTERS) {
      let action: { type: string } = { type: '' };
      expect(cpuMs(() => (action = parseReplyAs(format, raw, { screen: { width: 1080, height: 2400 } }).action))).toBeLessThan(200);
      expect(action.type).toBe('ParseError');
    }
  });

  for (const [name, raw] of Object.entries(ATTACKS)) {
    it(`5 MB of ${name}: every format answers in under 1 s of CPU`, () => {
      for (const format of MODEL_ADAPTERS as readonly ModelAdapterId[]) {
        let type = '';
        const ms = cpuMs(() => (type = parseReplyAs(format, raw, { screen: { width: 1080, height: 2400 } }).action.type));
        expect(type, `${format} gave no action`).not.toBe('');
        expect(ms, `${format} took ${ms.toFixed(0)} ms of CPU`).toBeLessThan(1000);
      }
    });
  }

  it('a valid action after megabytes of thought is still found (the budget is spent on text, not wasted)', () => {
    const thought = fill('The settings icon looks like a gear. ', 2 * 1024 * 1024);
    expect(
      parseReplyAs('uitars', `Thought: ${thought}\nAction: click(start_box='(100,200)')`, {
        screen: { width: 1080, height: 2400 },
        variant: 'doubao',
      }).action,
    ).toEqual({ type: 'Tap', at: { x: 100, y: 200 } });
    expect(parseReplyAs('autoglm', `${thought}\ndo(action="Back")`, { screen: { width: 1080, height: 2400 } }).action).toEqual({
      type: 'Back',
    });
    expect(parseReplyAs('vlm', `Thought: ${thought}\n{"action": "home"}`, { screen: { width: 1080, height: 2400 } }).action).toEqual({
      type: 'Home',
    });
  });
});
