import type { Action } from '../../../../shared/domain/action.js';
import type { ScannedCall } from '../parsing/call-scanner.js';
import { decodeValue, findCalls, namedArgs } from '../parsing/call-scanner.js';
import { readPoint } from '../parsing/coords.js';
import type { ParseContext, ParseFlags, ParsedReply } from '../parsing/parsed-reply.js';
import { ReplyError, parseError, safeParser } from '../parsing/parsed-reply.js';
import { DEFAULT_DRAG_MS, DEFAULT_LONG_PRESS_MS, DEFAULT_SWIPE_MS, readDirection, scrollToSwipe } from '../parsing/scroll.js';
import { splitThinking, stripLeakedTokens } from '../parsing/text.js';
import { WorkBudget } from '../parsing/work-budget.js';

/**
 * UI-TARS 1.0 / 1.5 / Doubao-1.5-UI-TARS: `Thought: …\nAction: <call>`.
 * Rules (docs/agents.md, reply cases 2–3): use the last `Action:` marker that is not inside an earlier call's
 * quoted argument, take the first complete call after it, log the rest.
 * Points may be start_box/end_box (1.5, 1.0) or point/start_point/end_point (Doubao).
 */
const VERBS = [
  'click',
  'left_single',
  'left_double',
  'long_press',
  'type',
  'scroll',
  'drag',
  'swipe',
  'open_app',
  'press_home',
  'press_back',
  'hotkey',
  'wait',
  'finished',
  'call_user',
] as const;
const MARKER = /Action\s*[:：]/g;

export const parseUitars = safeParser((raw: string, ctx: ParseContext): ParsedReply => {
  const { thought: think, rest } = splitThinking(stripLeakedTokens(raw));
  const budget = new WorkBudget(rest.length);
  const region = afterLastMarker(rest, budget);
  const { calls, unclosed } = findCalls(region.text, VERBS, 0, budget);
  const thought = think || extractThought(rest.slice(0, region.markerAt));
  if (calls.length === 0) {
    if (unclosed) return parseError(raw, `truncated: ${unclosed.name}( is never closed`, thought);
    return parseError(
      raw,
      region.offset > 0 ? 'no known action call after "Action:"' : 'no "Action:" line and no known action call',
      thought,
    );
  }
  // After a marker the first call is the action; with no marker the thought comes first, so take the last.
  const chosen = region.offset > 0 ? calls[0]! : calls[calls.length - 1]!;
  const flags: ParseFlags = {};
  return {
    action: mapCall(chosen, ctx, flags),
    thought: region.offset > 0 ? thought : think || extractThought(rest.slice(0, chosen.start)),
    actionText: chosen.text,
    extras: calls.filter((c) => c !== chosen).map((c) => c.text),
    flags,
  };
});

/** Text after the last `Action:` that is a real marker (not inside a call argument). */
function afterLastMarker(s: string, budget: WorkBudget): { text: string; offset: number; markerAt: number } {
  const markers: { at: number; after: number }[] = [];
  for (const m of s.matchAll(MARKER)) markers.push({ at: m.index, after: m.index + m[0].length });
  let valid: { at: number; after: number } | null = null;
  let coveredUntil = -1;
  for (const mk of markers) {
    if (mk.at < coveredUntil) continue; // inside the previous marker's call, e.g. type(content='Action: wait()')
    valid = mk;
    if (budget.exhausted) break;
    const first = findCalls(s, VERBS, mk.after, budget).calls[0];
    coveredUntil = first ? first.end : mk.after;
  }
  return valid ? { text: s.slice(valid.after), offset: valid.after, markerAt: valid.at } : { text: s, offset: 0, markerAt: 0 };
}

function extractThought(prefix: string): string {
  const m = /Thought\s*[:：]([\s\S]*)$/i.exec(prefix);
  return (m ? m[1]! : prefix.replace(/^[\s\S]*?Action_Summary\s*[:：]/i, '')).trim();
}

const HOTKEYS: Record<string, Action> = {
  enter: { type: 'Enter' },
  back: { type: 'Back' },
  home: { type: 'Home' },
  backspace: { type: 'Key', key: 'Delete' },
  delete: { type: 'Key', key: 'Delete' },
  menu: { type: 'Key', key: 'Menu' },
  recent: { type: 'Key', key: 'Recent' },
  app_switch: { type: 'Key', key: 'Recent' },
  volume_up: { type: 'Key', key: 'VolumeUp' },
  volume_down: { type: 'Key', key: 'VolumeDown' },
  power: { type: 'Key', key: 'Power' },
};

function mapCall(call: ScannedCall, ctx: ParseContext, flags: ParseFlags): Action {
  const { named } = namedArgs(call.args);
  const str = (k: string): string | undefined => {
    const v = named.get(k);
    return v === undefined ? undefined : decodeValue(v);
  };
  const pointOf = (keys: string[]): Action & { type: 'Tap' } => {
    const key = keys.find((k) => named.has(k));
    if (!key) throw new ReplyError(`${call.name} needs ${keys.join(' or ')}`);
    const p = readPoint(named.get(key)!, ctx.coords, key);
    if (p.outOfRange) flags.coordOutOfRange = true;
    return { type: 'Tap', at: p.point };
  };
  const START = ['start_box', 'point', 'start_point'];
  const END = ['end_box', 'end_point'];
  switch (call.name.toLowerCase()) {
    case 'click':
    case 'left_single':
      return pointOf(START);
    case 'left_double':
      return { type: 'DoubleTap', at: pointOf(START).at };
    case 'long_press': {
      const secs = Number.parseFloat(str('time') ?? '');
      return { type: 'LongPress', at: pointOf(START).at, ms: secs > 0 ? Math.round(secs * 1000) : DEFAULT_LONG_PRESS_MS };
    }
    case 'type': {
      const content = str('content');
      if (content === undefined) throw new ReplyError("type needs content='…'");
      // A trailing newline means "submit" (reply case 8); it is not part of the text.
      return content.endsWith('\n') ? { type: 'Type', text: content.replace(/\n$/, ''), submit: true } : { type: 'Type', text: content };
    }
    case 'scroll': {
      if (END.some((k) => named.has(k))) {
        return { type: 'Swipe', from: pointOf(START).at, to: pointOf(END).at, ms: DEFAULT_SWIPE_MS };
      }
      const dir = str('direction');
      if (dir === undefined) throw new ReplyError("scroll needs direction='up|down|left|right'");
      const start = START.some((k) => named.has(k)) ? pointOf(START).at : undefined;
      return scrollToSwipe(readDirection(dir), start);
    }
    case 'drag':
    case 'swipe':
      return { type: 'Swipe', from: pointOf(START).at, to: pointOf(END).at, ms: call.name === 'drag' ? DEFAULT_DRAG_MS : DEFAULT_SWIPE_MS };
    case 'open_app': {
      const app = str('app_name');
      if (!app) throw new ReplyError("open_app needs app_name='…'");
      return { type: 'LaunchApp', app };
    }
    case 'press_home':
      return { type: 'Home' };
    case 'press_back':
      return { type: 'Back' };
    case 'hotkey': {
      const key = (str('key') ?? '').trim().toLowerCase();
      const a = HOTKEYS[key];
      if (!a) throw new ReplyError(`hotkey '${key}' has no phone equivalent`);
      return a;
    }
    case 'wait':
      return { type: 'Wait', seconds: 5 };
    case 'finished': {
      const content = str('content');
      return content === undefined || content === '' ? { type: 'Finish' } : { type: 'Finish', message: content };
    }
    case 'call_user':
      return { type: 'AskUser', message: str('content') ?? '' };
    default:
      throw new ReplyError(`unknown UI-TARS action ${call.name}`);
  }
}
