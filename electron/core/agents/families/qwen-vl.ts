import { QWEN25_RESIZE, smartResize } from '../../geometry/smart-resize.js';
import type { ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import { parseMobileUse } from '../parsers/mobile-use-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { fill } from './family.js';
import { mobileUseTools } from './mobile-use-tool.js';

/**
 * Qwen3-VL `mobile_use` (default variant "3"): tools block with a fixed 999x999 grid,
 * `Thought:` / `Action:` / <tool_call>; one image; text history of previous Action lines.
 * n = v·1000/999. Variant "2.5" (Qwen2.5-VL) answers in absolute pixels of the smart-resized
 * image, so we resize on our side and state that size in the tools block.
 */
const RESPONSE_FORMAT_3 = `# Response format

Response format for every step:
1) Thought: one concise sentence explaining the next move.
2) Action: a short imperative describing what to do in the UI.
3) A single <tool_call>...</tool_call> block containing only the JSON: {"name": <function-name>, "arguments": <args-json-object>}.

Rules:
- Output exactly in the order: Thought, Action, <tool_call>.
- Do not output anything else outside those three parts.
- If finishing, use action=terminate in the tool call.`;

const ACTIONS_3 = ['click', 'long_press', 'swipe', 'type', 'answer', 'system_button', 'wait', 'terminate'] as const;
const ACTIONS_25 = ['key', 'click', 'long_press', 'swipe', 'type', 'system_button', 'open', 'wait', 'terminate'] as const;

export const QWEN3_SYSTEM_TEMPLATE = `${mobileUseTools(999, 999, ACTIONS_3)}\n\n${RESPONSE_FORMAT_3}`;
export const QWEN_USER_TEMPLATE = `The user query: {instruction}.\nTask progress (You have done the following operation on the current device): {progress}.\n`;

function systemPrompt(ctx: FamilyContext, sent: { width: number; height: number } | null): string {
  if (ctx.config.promptTemplate) return ctx.config.promptTemplate;
  if (ctx.variant === '2.5') {
    const w = sent?.width ?? 0;
    const h = sent?.height ?? 0;
    return `You are a helpful assistant.\n\n${mobileUseTools(w, h, ACTIONS_25)}`;
  }
  return QWEN3_SYSTEM_TEMPLATE;
}

export const qwenVlFamily: Family = {
  id: 'qwen-vl',
  version: '1.1.0',
  defaultVariant: '3',
  defaultSampling: { temperature: 0, max_tokens: 2048 },
  sendSize: (screen, ctx) => (ctx.variant === '2.5' ? smartResize(screen, QWEN25_RESIZE) : null),
  coordMode: (sent, ctx) => (ctx.variant === '2.5' ? { kind: 'absolute', sent } : { kind: 'relative', max: 999 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const progress = input.history
      .map(
        (h, i) =>
          `Step ${i + 1}: ${h.actionText || h.action.type}; ${h.userReply === undefined ? '' : `The user answered: ${h.userReply}; `}`,
      )
      .join('');
    return [
      { role: 'system', content: systemPrompt(input, input.image) },
      {
        role: 'user',
        content: [text(fill(QWEN_USER_TEMPLATE, { instruction: input.instruction, progress })), image(input.image.dataUrl)],
      },
    ];
  },
  parse: (raw, mode) => parseMobileUse(raw, { coords: mode }),
  describe: (ctx) => ({
    promptTemplate: `${systemPrompt(ctx, ctx.variant === '2.5' ? { width: 0, height: 0 } : null)}\n\n--- user ---\n${QWEN_USER_TEMPLATE}`,
    historyPolicy:
      'one image (current); earlier steps as text "Step K: <Action line or tool call>; " in the user message, an answered ask_user/interact followed by "The user answered: …; "',
    coordinates: ctx.variant === '2.5' ? "absolute pixels of the image we sent: n = x/W'·1000" : 'relative 0–999: n = v·1000/999',
    resize:
      ctx.variant === '2.5'
        ? 'client-side smart_resize(factor 28, min 3,136, max 12,845,056)'
        : 'none on our side (server applies Qwen3-VL factor-32 resize; relative coordinates unaffected)',
  }),
};
