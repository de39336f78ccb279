import { UITARS_15_RESIZE, smartResize } from '../../geometry/smart-resize.js';
import type { ChatMessage } from '../model-port.js';
import { image, text } from '../model-port.js';
import { parseUitars } from '../parsers/uitars-parser.js';
import type { BuildInput, Family, FamilyContext } from './family.js';
import { fill, hasCjk, limitPixels } from './family.js';

/**
 * UI-TARS-1.5 (open weights), Doubao-1.5-UI-TARS and UI-TARS 1.0.
 * The template is the first *user* text (OSWorld layout: system "You are a helpful assistant.").
 * History: user(image) / assistant(previous output) pairs; only the last 5 images are kept,
 * all assistant turns stay. 1.5 answers in absolute pixels of the smart-resized image, so we
 * resize on our side and map with the size we sent; Doubao and 1.0 answer on a 0–1000 grid.
 */
const NOTE = `## Note
- Use {language} in \`Thought\` part.
- Write a small plan and finally summarize your next action (with its target element) in one sentence in \`Thought\` part.

## User Instruction
{instruction}`;

const HEADER = `You are a GUI agent. You are given a task and your action history, with screenshots. You need to perform the next action to complete the task.

## Output Format
\`\`\`
Thought: ...
Action: ...
\`\`\`
`;

export const UITARS_MOBILE_TEMPLATE = `${HEADER}
## Action Space
click(start_box='<|box_start|>(x1,y1)<|box_end|>')
long_press(start_box='<|box_start|>(x1,y1)<|box_end|>')
type(content='') #If you want to submit your input, use "\\n" at the end of \`content\`.
scroll(start_box='<|box_start|>(x1,y1)<|box_end|>', direction='down or up or right or left')
open_app(app_name='')
drag(start_box='<|box_start|>(x1,y1)<|box_end|>', end_box='<|box_start|>(x3,y3)<|box_end|>')
press_home()
press_back()
finished(content='xxx') # Use escape characters \\', \\", and \\n in content part to ensure we can parse the content in normal python string format.

${NOTE}`;

export const UITARS_DOUBAO_TEMPLATE = `${HEADER}
## Action Space
click(point='<point>x1 y1</point>')
long_press(point='<point>x1 y1</point>')
type(content='') #If you want to submit your input, use "\\n" at the end of \`content\`.
scroll(point='<point>x1 y1</point>', direction='down or up or right or left') # Show more information on the \`direction\` side.
open_app(app_name='')
drag(start_point='<point>x1 y1</point>', end_point='<point>x2 y2</point>')
press_home()
press_back()
finished(content='xxx') # Use escape characters \\', \\", and \\n in content part to ensure we can parse the content in normal python string format.

${NOTE}`;

const DOUBAO_MAX_PIXELS = 5120 * 28 * 28;
const V10_MAX_PIXELS = 2700 * 28 * 28;
export const UITARS_HISTORY_IMAGES = 5;

function template(ctx: FamilyContext): string {
  return ctx.config.promptTemplate ?? (ctx.variant === 'doubao' ? UITARS_DOUBAO_TEMPLATE : UITARS_MOBILE_TEMPLATE);
}

/** Reference agents re-insert the box special tokens the server stripped before resending history. */
export function addBoxTokens(s: string): string {
  return s.replace(/(start_box|end_box)='(?!<\|box_start\|>)(\([^')]*\)|\[[^'\]]*\])'/g, "$1='<|box_start|>$2<|box_end|>'");
}

function withoutReflection(s: string): string {
  return s.replace(/^\s*Reflection\s*[:：][\s\S]*?(?=^\s*(Action_Summary|Thought)\s*[:：])/m, '');
}

export const uitarsFamily: Family = {
  id: 'uitars',
  version: '1.1.0',
  defaultVariant: '1.5',
  defaultSampling: { temperature: 0, top_p: 0.7, max_tokens: 1000 },
  defaultExtraBody: (variant) => (variant === 'doubao' ? { thinking: { type: 'disabled' } } : undefined),
  sendSize(screen, ctx) {
    if (ctx.variant === '1.5') return smartResize(screen, UITARS_15_RESIZE);
    return limitPixels(screen, ctx.config.images?.maxPixels ?? (ctx.variant === 'doubao' ? DOUBAO_MAX_PIXELS : V10_MAX_PIXELS));
  },
  coordMode: (sent, ctx) => (ctx.variant === '1.5' ? { kind: 'absolute', sent } : { kind: 'relative', max: 1000 }),
  buildMessages(input: BuildInput): ChatMessage[] {
    const language = hasCjk(input.instruction) ? 'Chinese' : 'English';
    const messages: ChatMessage[] = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', content: [text(fill(template(input), { language, instruction: input.instruction }))] },
    ];
    const keep = (input.config.historyImages ?? UITARS_HISTORY_IMAGES) - 1; // the current screenshot is one of them
    const firstImage = input.history.length - Math.max(0, keep);
    input.history.forEach((h, i) => {
      if (i >= firstImage && h.image) messages.push({ role: 'user', content: [image(h.image.dataUrl)] });
      const out = withoutReflection(h.raw);
      messages.push({ role: 'assistant', content: input.variant === 'doubao' ? out : addBoxTokens(out) });
      // An answered call_user: the user's words are the next human turn (text only, like the instruction).
      if (h.userReply !== undefined) messages.push({ role: 'user', content: [text(h.userReply)] });
    });
    messages.push({ role: 'user', content: [image(input.image.dataUrl)] });
    return messages;
  },
  parse: (raw, mode) => parseUitars(raw, { coords: mode }),
  describe: (ctx) => ({
    promptTemplate: template(ctx),
    historyPolicy: `alternating user(image)/assistant(previous output, Reflection removed${ctx.variant === 'doubao' ? '' : ', box tokens re-inserted'}); last ${ctx.config.historyImages ?? UITARS_HISTORY_IMAGES} images kept (current included), all assistant turns kept; an answered call_user is followed by a user text turn with the answer`,
    coordinates:
      ctx.variant === '1.5' ? "absolute pixels of the image we sent: n = x/W'·1000 (W',H' = smart_resize)" : 'relative 0–1000: n = v',
    resize:
      ctx.variant === '1.5'
        ? 'client-side smart_resize(factor 28, min 78,400, max 12,845,056), round-half-to-even'
        : `shrink-only above ${ctx.config.images?.maxPixels ?? (ctx.variant === 'doubao' ? DOUBAO_MAX_PIXELS : V10_MAX_PIXELS)} px (aspect kept, floor)`,
  }),
};
