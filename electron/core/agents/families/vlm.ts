import type { ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import { parseVlm } from '../parsers/vlm-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { fill, limitPixels } from './family.js';

/**
 * A generic prompt for any OpenAI-compatible VLM (Gemini, Kimi, GLM-V, GPT…), ours, documented
 * in docs/agents.md. It states the x,y order and the grid explicitly because Gemini's native
 * grounding is [y, x] on 0–1000. One image per request; earlier actions as text.
 */
export const VLM_SYSTEM_TEMPLATE = `You operate an Android phone for a user, one action at a time. Each turn you get the user's instruction, the actions you already took, and a screenshot of the current screen.

Coordinates: the screenshot is a grid from 0 to 1000 on both axes, whatever its real size. A point is [x, y]: x FIRST, measured from the LEFT edge (0) to the RIGHT edge (1000); y SECOND, measured from the TOP edge (0) to the BOTTOM edge (1000). Never write [y, x].

Reply with one line "Thought: <your short reasoning>" and then exactly one JSON object, nothing after it:
{"action": "tap", "point": [x, y]}
{"action": "double_tap", "point": [x, y]}
{"action": "long_press", "point": [x, y]}
{"action": "swipe", "from": [x, y], "to": [x, y]}          (the finger moves from "from" to "to")
{"action": "scroll", "direction": "up|down|left|right"}   (direction = where the hidden content is; "down" shows what is below)
{"action": "type", "text": "...", "submit": false}         (types into the focused field; submit=true presses Enter after)
{"action": "enter"}
{"action": "back"}
{"action": "home"}
{"action": "launch_app", "app": "app name"}
{"action": "wait", "seconds": 2}
{"action": "ask_user", "message": "..."}                   (only when you cannot go on without the user)
{"action": "finish", "status": "success|failure", "message": "..."}  (message: the answer or a summary for the user)

Older users often describe a problem instead of a command ("the sound is too low", "the letters are too small"): work out which setting or app solves it and do that.`;

export const VLM_USER_TEMPLATE = `Instruction: {instruction}
Actions so far:
{previous_actions}`;

function systemPrompt(ctx: FamilyContext): string {
  return ctx.config.promptTemplate ?? VLM_SYSTEM_TEMPLATE;
}

export const vlmFamily: Family = {
  id: 'vlm',
  version: '1.1.0',
  defaultVariant: '1',
  defaultSampling: { temperature: 0, max_tokens: 2048 },
  sendSize: (screen, ctx) => limitPixels(screen, ctx.config.images?.maxPixels),
  coordMode: () => ({ kind: 'relative', max: 1000 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const previous =
      input.history.length === 0
        ? 'none'
        : input.history
            .map(
              (h, i) =>
                `${i + 1}. ${h.actionText || JSON.stringify(h.action)}${h.userReply === undefined ? '' : `\n   The user answered: ${JSON.stringify(h.userReply)}`}`,
            )
            .join('\n');
    return [
      { role: 'system', content: systemPrompt(input) },
      {
        role: 'user',
        content: [
          text(fill(VLM_USER_TEMPLATE, { instruction: input.instruction, previous_actions: previous })),
          image(input.image.dataUrl),
        ],
      },
    ];
  },
  parse: (raw, mode) => parseVlm(raw, { coords: mode }),
  describe: (ctx) => ({
    promptTemplate: `${systemPrompt(ctx)}\n\n--- user ---\n${VLM_USER_TEMPLATE}`,
    historyPolicy:
      'one image (current); every earlier action as a numbered JSON line; an answered ask_user followed by an indented line: The user answered: "…"',
    coordinates: 'relative 0–1000, [x, y] with x first: n = v',
    resize: ctx.config.images?.maxPixels ? `shrink-only above ${ctx.config.images.maxPixels} px` : 'none',
  }),
};
