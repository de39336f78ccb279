import type { Action, KeyName } from '../../../../shared/domain/action.js';
import { pointFromNumbers, toCanonical } from '../parsing/coords.js';
import { findJsonObjects } from '../parsing/json-objects.js';
import type { ParseContext, ParseFlags, ParsedReply } from '../parsing/parsed-reply.js';
import { ReplyError, parseError, safeParser } from '../parsing/parsed-reply.js';
import { DEFAULT_LONG_PRESS_MS, DEFAULT_SWIPE_MS, readDirection, scrollToSwipe } from '../parsing/scroll.js';
import { splitThinking, stripFences, stripLeakedTokens } from '../parsing/text.js';
import { WorkBudget } from '../parsing/work-budget.js';

/**
 * The qwen-agent `mobile_use` tool call shared by GUI-Owl 1.5 and Qwen3-VL/Qwen2.5-VL:
 * `Action: …` (optionally `Thought: …`) then `<tool_call>{"name": "mobile_use", "arguments": {…}}</tool_call>`.
 * Tolerates missing newlines, several blocks (first wins), `arguments` as a JSON string,
 * `tap` for `click`, and a 4-number coordinate (box ⇒ centre) (reply case 9).
 */
export const parseMobileUse = safeParser((raw: string, ctx: ParseContext): ParsedReply => {
  const { thought: think, rest } = splitThinking(stripLeakedTokens(raw));
  const blocks = toolCallBlocks(rest);
  const actionLine =
    /Action\s*[:：]\s*(.*)/i
      .exec(rest.split(/<tool_call>/i)[0] ?? '')?.[1]
      ?.trim()
      .replace(/^"|"$/g, '') ?? '';
  const thoughtLine = thoughtSection(rest);
  const thought = think || thoughtLine;
  const calls: { args: Record<string, unknown>; text: string }[] = [];
  let truncated = false;
  const budget = new WorkBudget(rest.length);
  for (const b of blocks.length > 0 ? blocks : [stripFences(rest)]) {
    const scan = findJsonObjects(b, budget);
    if (scan.objects.length === 0 && scan.unclosedAt !== null) truncated = true;
    for (const o of scan.objects) {
      const args = argumentsOf(o.value);
      if (args) {
        calls.push({ args, text: b.slice(o.start, o.end) });
        break; // one call per block; a block's inner objects are part of it
      }
    }
  }
  if (calls.length === 0) {
    if (truncated || hasUnclosedToolCall(rest)) return parseError(raw, 'truncated: the <tool_call> block is not complete', thought);
    return parseError(raw, 'no <tool_call> with a mobile_use action found', thought);
  }
  const flags: ParseFlags = {};
  const first = calls[0]!;
  return {
    action: mapAction(first.args, ctx, flags),
    thought,
    actionText: actionLine || first.text,
    extras: calls.slice(1).map((c) => c.text),
    flags,
  };
});

/** Some `<tool_call>` has no `</tool_call>` after it: the last open comes after the last close. */
function hasUnclosedToolCall(s: string): boolean {
  const lower = s.toLowerCase();
  const open = lower.lastIndexOf('<tool_call>');
  return open >= 0 && open > lower.lastIndexOf('</tool_call>');
}

/**
 * The text after the first `Thought:` up to a line that starts with `Action:`, a `<tool_call>`,
 * or the end. Found with plain searches: the lookahead regex this replaces re-scanned every
 * run of blank lines once per line (quadratic on a reply of newlines).
 */
function thoughtSection(s: string): string {
  const head = /Thought\s*[:：]/i.exec(s);
  if (!head) return '';
  const from = head.index + head[0].length;
  let end = s.length;
  const tool = s.toLowerCase().indexOf('<tool_call>', from);
  if (tool >= 0) end = tool;
  const action = /Action\s*[:：]/gi;
  action.lastIndex = from;
  for (let m = action.exec(s); m !== null && m.index < end; m = action.exec(s)) {
    let j = m.index - 1;
    while (j >= from && s[j] !== '\n' && /\s/.test(s[j]!)) j--;
    if (j >= from && s[j] === '\n') {
      end = j;
      break;
    }
  }
  return s.slice(from, end).trim();
}

function toolCallBlocks(s: string): string[] {
  const out: string[] = [];
  const re = /<tool_call>([\s\S]*?)(?:<\/tool_call>|(?=<tool_call>)|$)/gi;
  for (const m of s.matchAll(re)) out.push(m[1]!);
  return out;
}

/** `{"name":…, "arguments":{…}|"<json>"}` → arguments; a bare `{"action":…}` is accepted too. */
function argumentsOf(v: Record<string, unknown>): Record<string, unknown> | null {
  let args = v.arguments;
  if (typeof args === 'string') {
    try {
      args = JSON.parse(args) as unknown;
    } catch {
      throw new ReplyError('tool_call "arguments" is a string that is not valid JSON');
    }
  }
  if (args && typeof args === 'object' && !Array.isArray(args)) return args as Record<string, unknown>;
  if (typeof v.action === 'string') return v;
  return null;
}

const BUTTONS: Record<string, Action> = {
  back: { type: 'Back' },
  home: { type: 'Home' },
  enter: { type: 'Enter' },
  menu: { type: 'Key', key: 'Menu' },
  recent: { type: 'Key', key: 'Recent' },
};
const KEYEVENTS: Record<string, KeyName | 'Back' | 'Home' | 'Enter'> = {
  keycode_back: 'Back',
  back: 'Back',
  keycode_home: 'Home',
  home: 'Home',
  keycode_enter: 'Enter',
  enter: 'Enter',
  keycode_menu: 'Menu',
  menu: 'Menu',
  keycode_app_switch: 'Recent',
  keycode_del: 'Delete',
  del: 'Delete',
  keycode_volume_up: 'VolumeUp',
  keycode_volume_down: 'VolumeDown',
  keycode_power: 'Power',
};

function mapAction(a: Record<string, unknown>, ctx: ParseContext, flags: ParseFlags): Action {
  const text = (k: string): string | undefined =>
    typeof a[k] === 'string' ? (a[k] as string) : a[k] === undefined ? undefined : String(a[k]);
  const point = (k: string): Action & { type: 'Tap' } => {
    const v = a[k];
    if (!Array.isArray(v) || !v.every((n) => typeof n === 'number')) {
      throw new ReplyError(`"${k}" must be [x, y] numbers, got ${JSON.stringify(v) ?? 'nothing'}`);
    }
    const p = toCanonical(pointFromNumbers(v as number[], k), ctx.coords);
    if (p.outOfRange) flags.coordOutOfRange = true;
    return { type: 'Tap', at: p.point };
  };
  const seconds = (k: string): number | undefined => {
    const n = Number(a[k]);
    return a[k] !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const name = String(a.action ?? '').toLowerCase();
  switch (name) {
    case 'click':
    case 'tap':
      return point('coordinate');
    case 'long_press': {
      const s = seconds('time');
      return { type: 'LongPress', at: point('coordinate').at, ms: s ? Math.round(s * 1000) : DEFAULT_LONG_PRESS_MS };
    }
    case 'swipe':
    case 'scroll': {
      if (a.coordinate2 !== undefined)
        return { type: 'Swipe', from: point('coordinate').at, to: point('coordinate2').at, ms: DEFAULT_SWIPE_MS };
      if (typeof a.direction === 'string')
        return scrollToSwipe(readDirection(a.direction), a.coordinate ? point('coordinate').at : undefined);
      throw new ReplyError(`${name} needs "coordinate2" (or a "direction")`);
    }
    case 'type': {
      const t = text('text');
      if (t === undefined) throw new ReplyError('type needs "text"');
      return { type: 'Type', text: t };
    }
    case 'system_button': {
      const b = BUTTONS[(text('button') ?? '').toLowerCase()];
      if (!b) throw new ReplyError(`system_button "${text('button') ?? ''}" is not Back, Home, Menu or Enter`);
      return b;
    }
    case 'key': {
      const k = KEYEVENTS[(text('text') ?? '').toLowerCase()];
      if (!k) throw new ReplyError(`key "${text('text') ?? ''}" has no mapping`);
      return k === 'Back' || k === 'Home' || k === 'Enter' ? { type: k } : { type: 'Key', key: k };
    }
    case 'open':
    case 'awake': {
      const app = text('text');
      if (!app) throw new ReplyError('open needs "text" (the app name)');
      return { type: 'LaunchApp', app };
    }
    case 'wait': {
      const s = seconds('time');
      return s === undefined ? { type: 'Wait' } : { type: 'Wait', seconds: s };
    }
    case 'answer':
      // A harness decision (docs/agents.md): the run ends on answer (phone-script behaviour).
      return { type: 'Finish', message: text('text') ?? '', status: 'success' };
    case 'interact':
    case 'ask_user':
    case 'call_user':
    case 'calluser':
    case 'info':
      return { type: 'AskUser', message: text('text') ?? '' };
    case 'terminate': {
      const s = (text('status') ?? '').toLowerCase();
      if (s === 'success' || s === 'failure') return { type: 'Finish', status: s };
      if (s === 'fail' || s === 'failed') return { type: 'Finish', status: 'failure' };
      // A termination with an odd status is still a termination; we infer no status.
      flags.unknownStatus = s;
      return { type: 'Finish' };
    }
    default:
      throw new ReplyError(`unknown mobile_use action "${String(a.action ?? '')}"`);
  }
}
