import type { Action } from '../../../../shared/domain/action.js';
import type { ScannedCall } from '../parsing/call-scanner.js';
import { decodeValue, findCalls, namedArgs } from '../parsing/call-scanner.js';
import { readPoint } from '../parsing/coords.js';
import type { ParseContext, ParseFlags, ParsedReply } from '../parsing/parsed-reply.js';
import { ReplyError, parseError, safeParser } from '../parsing/parsed-reply.js';
import { dropTags, splitThinking, stripLeakedTokens, tagContent } from '../parsing/text.js';
import { WorkBudget } from '../parsing/work-budget.js';

/**
 * AutoGLM-Phone: free thinking, then one `do(action="…", …)` or `finish(message="…")`,
 * with or without <think>/<answer> tags. Unlike the official client we never turn a
 * garbage reply into finish (Open-AutoGLM #316): no call ⇒ ParseError.
 */
export const AUTOGLM_LONG_PRESS_MS = 3000;
const NAMES = ['do', 'finish'] as const;

export const parseAutoglm = safeParser((raw: string, ctx: ParseContext): ParsedReply => {
  const clean = stripLeakedTokens(raw);
  const { thought: thinkTag, rest } = splitThinking(clean);
  const answer = tagContent(rest, 'answer');
  // Inside <answer> the first call is the action; without tags the thought comes first, so take the last.
  const region = dropTags(answer ?? rest, ['answer']);
  const { calls, unclosed } = findCalls(region, NAMES, 0, new WorkBudget(region.length));
  if (calls.length === 0) {
    if (unclosed) return parseError(raw, `truncated: ${unclosed.name}( is never closed`, thinkTag);
    return parseError(raw, 'no do(action=…) or finish(message=…) call found', thinkTag);
  }
  const chosen = answer !== null ? calls[0]! : calls[calls.length - 1]!;
  const thought = thinkTag || (answer === null ? region.slice(0, chosen.start).trim() : '');
  const flags: ParseFlags = {};
  const action = mapCall(chosen, ctx, flags);
  return {
    action,
    thought,
    actionText: chosen.text,
    extras: calls.filter((c) => c !== chosen).map((c) => c.text),
    flags,
  };
});

function mapCall(call: ScannedCall, ctx: ParseContext, flags: ParseFlags): Action {
  const { named } = namedArgs(call.args);
  const str = (k: string): string | undefined => {
    const v = named.get(k);
    return v === undefined ? undefined : decodeValue(v);
  };
  if (call.name.toLowerCase() === 'finish') {
    const message = str('message');
    return message === undefined ? { type: 'Finish' } : { type: 'Finish', message };
  }
  const point = (k: string): Action & { type: 'Tap' } => {
    const v = named.get(k);
    if (v === undefined) throw new ReplyError(`${str('action')} needs ${k}=[x,y]`);
    const p = readPoint(v, ctx.coords, k);
    if (p.outOfRange) flags.coordOutOfRange = true;
    return { type: 'Tap', at: p.point };
  };
  const kind = str('action');
  if (!kind) throw new ReplyError('do(...) without action="…"');
  // Names with spaces ("Long Press") are the documented spelling; accept _ and case variants too.
  switch (
    kind
      .toLowerCase()
      .replace(/[\s_]+/g, ' ')
      .trim()
  ) {
    case 'launch': {
      const app = str('app');
      if (!app) throw new ReplyError('Launch needs app="…"');
      return { type: 'LaunchApp', app };
    }
    case 'tap': {
      const tap = point('element');
      const message = str('message');
      if (message !== undefined) flags.confirm = message;
      return tap;
    }
    case 'type':
    case 'type name': {
      const text = str('text');
      if (text === undefined) throw new ReplyError('Type needs text="…"');
      // The official executor clears the field before typing: Type always replaces.
      return { type: 'Type', text, clear: true };
    }
    case 'swipe': {
      const from = point('start').at;
      const to = point('end').at;
      return { type: 'Swipe', from, to };
    }
    case 'long press':
      return { type: 'LongPress', at: point('element').at, ms: AUTOGLM_LONG_PRESS_MS };
    case 'double tap':
      return { type: 'DoubleTap', at: point('element').at };
    case 'back':
      return { type: 'Back' };
    case 'home':
      return { type: 'Home' };
    case 'wait':
      return { type: 'Wait', seconds: readDuration(str('duration')) };
    case 'take over':
      return { type: 'AskUser', message: str('message') ?? '' };
    case 'interact':
      return { type: 'AskUser', message: str('message') ?? 'Several options match; please choose one.' };
    case 'note':
    case 'call api':
      // No-ops in the open-source handler; kept visible so the trajectory shows them.
      return { type: 'Noop', reason: `${kind}: ${str('message') ?? str('instruction') ?? ''}`.trim() };
    default:
      throw new ReplyError(`unknown AutoGLM action "${kind}"`);
  }
}

/** "2 seconds", "2", "2.5 seconds" → number; anything else (e.g. "two") → 1, like the official handler. */
export function readDuration(d: string | undefined): number {
  if (d === undefined) return 1;
  const n = Number.parseFloat(d.replace(/seconds?/i, '').trim());
  return Number.isFinite(n) && n >= 0 ? n : 1;
}
