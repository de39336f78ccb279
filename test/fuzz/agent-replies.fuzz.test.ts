import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ActionSchema } from '../../shared/domain/action.js';
import { MODEL_ADAPTERS } from '../../shared/schemas/agent-config.js';
import { parseReplyAs } from '../../electron/core/agents/parse-reply.js';
import { FUZZ_SCALE, fuzzParams } from './fuzz-config.js';

// Pieces of every reply grammar we parse, so random replies hit the parsers' real branches.
const TOKENS = [
  'Thought:',
  'Action:',
  'Action：',
  '<think>',
  '</think>',
  '<thinking>',
  '</thinking>',
  '<answer>',
  '</answer>',
  '<action>',
  '</action>',
  '<conclusion>',
  '<tool_call>',
  '</tool_call>',
  '```json\n',
  '```',
  'do(',
  'finish(',
  'click(',
  'type(',
  'scroll(',
  'Click(',
  'Type(',
  'Scroll(',
  'CallUser(',
  'finished(',
  'action="Tap"',
  'action="Type"',
  "content='",
  'element=[',
  'start_box=',
  "'(100,200)'",
  '<|box_start|>',
  '<|box_end|>',
  '<point>',
  '</point>',
  '[500, 500]',
  '(12,34)',
  '{"action": "tap", "point": [1, 2]}',
  '{"name": "mobile_use", "arguments": {"action": "click", "coordinate": [3, 4]}}',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  "'",
  '"',
  '\\',
  ',',
  '=',
  '\n',
  ' ',
  '字太小了',
  '😀',
  '\u0000',
  '\uFEFF',
  'NaN',
  '-1e309',
  '1e400',
  '999999999999',
];
const reply = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 60 })
  .map((parts) => parts.join(''));

describe('fuzz: agent replies (every format)', () => {
  it(
    'any reply parses to a valid action (or a ParseError), never an exception, and quickly',
    () => {
      fc.assert(
        fc.property(reply, fc.constantFrom(...MODEL_ADAPTERS), (raw, format) => {
          const t0 = process.cpuUsage();
          const r = parseReplyAs(format, raw, { screen: { width: 1080, height: 2400 } });
          const cpu = process.cpuUsage(t0);
          const valid = ActionSchema.safeParse(r.action);
          expect(valid.success, `${format}: ${JSON.stringify(r.action)} ${valid.error?.message ?? ''}`).toBe(true);
          expect((cpu.user + cpu.system) / 1000).toBeLessThan(250);
        }),
        fuzzParams(2000),
      );
    },
    120_000 * FUZZ_SCALE,
  );
});
