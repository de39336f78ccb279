import type { Action, NormPoint } from '../../../../shared/domain/action.js';
import { pointFromNumbers, toCanonical } from '../parsing/coords.js';
import { findJsonObjects } from '../parsing/json-objects.js';
import type { ParseContext, ParseFlags, ParsedReply } from '../parsing/parsed-reply.js';
import { ReplyError, parseError, safeParser } from '../parsing/parsed-reply.js';
import { DEFAULT_LONG_PRESS_MS, DEFAULT_SWIPE_MS, readDirection, scrollToSwipe } from '../parsing/scroll.js';
import { splitThinking, stripFences, stripLeakedTokens } from '../parsing/text.js';

/**
 * The generic VLM format (our own; documented in docs/agents.md and the prompt):
 * `Thought: …` then ONE JSON object `{"action": "...", ...}`, points as `[x, y]` with
 * x horizontal first, on a 0–1000 grid. `{"x":…,"y":…}` objects are accepted too,
 * because some models prefer them. The LAST object with an "action" key wins, since
 * models sometimes quote an example in their thought first.
 */
export const VLM_ACTIONS = [
  'tap',
  'double_tap',
  'long_press',
  'swipe',
  'scroll',
  'type',
  'enter',
  'home',
  'back',
  'launch_app',
  'wait',
  'finish',
  'ask_user',
] as const;

export const parseVlm = safeParser((raw: string, ctx: ParseContext): ParsedReply => {
  const { thought: think, rest } = splitThinking(stripLeakedTokens(raw));
  const body = stripFences(rest);
  const scan = findJsonObjects(body);
  const candidates = scan.objects.filter((o) => typeof o.value.action === 'string');
  const thought = think || (/Thought\s*[:：]\s*([\s\S]*?)(?=\{|$)/i.exec(body)?.[1]?.trim() ?? '');
  if (candidates.length === 0) {
    if (scan.unclosedAt !== null) return parseError(raw, 'truncated: the JSON action object is not closed', thought);
    return parseError(raw, 'no JSON object with an "action" key found', thought);
  }
  const chosen = candidates[candidates.length - 1]!;
  const flags: ParseFlags = {};
  return {
    action: mapAction(chosen.value, ctx, flags),
    thought,
    actionText: body.slice(chosen.start, chosen.end),
    extras: candidates.slice(0, -1).map((c) => body.slice(c.start, c.end)),
    flags,
  };
});

function mapAction(a: Record<string, unknown>, ctx: ParseContext, flags: ParseFlags): Action {
  const point = (k: string): NormPoint => {
    const v = a[k];
    let nums: number[] | null = null;
    if (Array.isArray(v) && v.every((n) => typeof n === 'number')) nums = v as number[];
    else if (v && typeof v === 'object' && typeof (v as { x?: unknown }).x === 'number' && typeof (v as { y?: unknown }).y === 'number') {
      nums = [(v as { x: number }).x, (v as { y: number }).y];
    }
    if (!nums) throw new ReplyError(`"${k}" must be [x, y] (x first), got ${JSON.stringify(v) ?? 'nothing'}`);
    const p = toCanonical(pointFromNumbers(nums, k), ctx.coords);
    if (p.outOfRange) flags.coordOutOfRange = true;
    return p.point;
  };
  const str = (k: string): string | undefined => (typeof a[k] === 'string' ? (a[k] as string) : undefined);
  const name = String(a.action).toLowerCase();
  switch (name) {
    case 'tap':
    case 'click':
      return { type: 'Tap', at: point('point') };
    case 'double_tap':
      return { type: 'DoubleTap', at: point('point') };
    case 'long_press': {
      const ms = Number(a.ms);
      return { type: 'LongPress', at: point('point'), ms: ms > 0 ? Math.round(ms) : DEFAULT_LONG_PRESS_MS };
    }
    case 'swipe':
      return { type: 'Swipe', from: point('from'), to: point('to'), ms: DEFAULT_SWIPE_MS };
    case 'scroll':
      return scrollToSwipe(readDirection(str('direction') ?? ''), a.point !== undefined ? point('point') : undefined);
    case 'type': {
      const text = str('text');
      if (text === undefined) throw new ReplyError('type needs "text"');
      return a.submit === true ? { type: 'Type', text, submit: true } : { type: 'Type', text };
    }
    case 'enter':
      return { type: 'Enter' };
    case 'home':
      return { type: 'Home' };
    case 'back':
      return { type: 'Back' };
    case 'launch_app': {
      const app = str('app');
      if (!app) throw new ReplyError('launch_app needs "app"');
      return { type: 'LaunchApp', app };
    }
    case 'wait': {
      const s = Number(a.seconds);
      return Number.isFinite(s) && s >= 0 && a.seconds !== undefined ? { type: 'Wait', seconds: s } : { type: 'Wait' };
    }
    case 'finish': {
      const status = str('status');
      const message = str('message');
      return {
        type: 'Finish',
        ...(message !== undefined ? { message } : {}),
        ...(status === 'success' || status === 'failure' ? { status } : {}),
      };
    }
    case 'ask_user':
      return { type: 'AskUser', message: str('message') ?? '' };
    default:
      throw new ReplyError(`unknown action "${String(a.action)}"; use one of ${VLM_ACTIONS.join(', ')}`);
  }
}
