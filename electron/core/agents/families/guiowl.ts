import { GUIOWL_RESIZE, smartResize } from '../../geometry/smart-resize.js';
import type { ChatContentPart, ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import { parseMobileUse } from '../parsers/mobile-use-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { fill } from './family.js';
import { mobileUseTools } from './mobile-use-tool.js';

/**
 * GUI-Owl 1.5 / Mobile-Agent-v3.5. System = `mobile_use` tools block (1000x1000 grid)
 * plus a response-format section. The last N steps are resent as user(screenshot) /
 * assistant(full output) pairs, then the current screenshot; older steps collapse into the
 * `Previous actions` text of the first kept user turn. Coordinates relative 0–1000: n = v.
 */
export const GUIOWL_HISTORY_PAIRS = 4;

const RESPONSE_FORMAT = `# Response format

Response format for every step:
1) Action: a short imperative describing what to do in the UI.
2) A single <tool_call>...</tool_call> block containing only the JSON: {"name": <function-name>, "arguments": <args-json-object>}.

Rules:
- Output exactly in the order: Action, <tool_call>.
- Be brief: one sentence for Action.
- Do not output anything else outside those parts.
- If finishing, use action=terminate in the tool call.`;

export const GUIOWL_SYSTEM_TEMPLATE = `${mobileUseTools(1000, 1000, ['key', 'click', 'long_press', 'swipe', 'type', 'system_button', 'open', 'wait', 'answer', 'interact', 'terminate'])}

${RESPONSE_FORMAT}`;

export const GUIOWL_USER_TEMPLATE = `Please generate the next move according to the UI screenshot, instruction and previous actions.

Instruction: {instruction}

Previous actions:
{previous_actions}`;

function systemPrompt(ctx: FamilyContext): string {
  return ctx.config.promptTemplate ?? GUIOWL_SYSTEM_TEMPLATE;
}

export const guiowlFamily: Family = {
  id: 'guiowl',
  version: '1.1.0',
  defaultVariant: '1.5',
  // The official scripts send no sampling parameters; we always send temperature.
  defaultSampling: { temperature: 0, max_tokens: 2048 },
  // The phone script pre-resizes (factor 28, max 10,035,200); relative coordinates are unaffected.
  sendSize: (screen) => smartResize(screen, GUIOWL_RESIZE),
  coordMode: () => ({ kind: 'relative', max: 1000 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const n = input.config.historyImages ?? GUIOWL_HISTORY_PAIRS;
    const cut = Math.max(0, input.history.length - n);
    const older = input.history.slice(0, cut);
    const recent = input.history.slice(cut);
    const answered = (h: (typeof older)[number]): string => (h.userReply === undefined ? '' : ` (the user answered: ${h.userReply})`);
    const previous =
      older.length === 0 ? 'None' : older.map((h, i) => `Step${i + 1}: ${h.actionText || h.action.type}${answered(h)}`).join('\n');
    const intro = text(fill(GUIOWL_USER_TEMPLATE, { instruction: input.instruction, previous_actions: previous }));
    const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt(input) }];
    const screenshots = [...recent.map((h) => h.image), input.image];
    screenshots.forEach((img, i) => {
      const parts: ChatContentPart[] = i === 0 ? [intro] : [];
      if (img) parts.push(image(img.dataUrl));
      messages.push({ role: 'user', content: parts });
      const h = recent[i];
      if (h) messages.push({ role: 'assistant', content: h.raw });
      // An answered interact / ask_user: the user's words come back as a user turn of their own.
      if (h?.userReply !== undefined) messages.push({ role: 'user', content: [text(h.userReply)] });
    });
    return messages;
  },
  parse: (raw, mode) => parseMobileUse(raw, { coords: mode }),
  describe: (ctx) => ({
    promptTemplate: `${systemPrompt(ctx)}\n\n--- user ---\n${GUIOWL_USER_TEMPLATE}`,
    historyPolicy: `last ${ctx.config.historyImages ?? GUIOWL_HISTORY_PAIRS} steps as user(screenshot)/assistant(full output) pairs + the current screenshot (≤ ${(ctx.config.historyImages ?? GUIOWL_HISTORY_PAIRS) + 1} images); older steps as "StepK: <Action line>" in the first kept user turn; an answered interact/ask_user is followed by a user text turn with the answer (older ones: "(the user answered: …)")`,
    coordinates: 'relative 0–1000: n = v',
    resize: 'client-side smart_resize(factor 28, min 3,136, max 10,035,200) like the phone script',
  }),
};
