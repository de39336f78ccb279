import type { Action } from '../../../../shared/domain/action.js';
import type { ScannedCall } from '../parsing/call-scanner.js';
import { decodeValue, findCalls, namedArgs } from '../parsing/call-scanner.js';
import { readPoint } from '../parsing/coords.js';
import type { ParseContext, ParseFlags, ParsedReply } from '../parsing/parsed-reply.js';
import { ReplyError, parseError, safeParser } from '../parsing/parsed-reply.js';
import { DEFAULT_DRAG_MS, DEFAULT_LONG_PRESS_MS, DEFAULT_SWIPE_MS, readDirection, scrollToSwipe } from '../parsing/scroll.js';
import { dropTags, splitThinking, stripLeakedTokens, tagContent } from '../parsing/text.js';
import { WorkBudget } from '../parsing/work-budget.js';

/**
 * UI-Venus 1.5 / 1.0: `<think>…</think>\n<action>Func(args)</action>\n<conclusion>…</conclusion>`.
 * Tuples may hold floats; strings may be single- or double-quoted. A reply we cannot read is a
 * ParseError — never the framework's `CallUser("无法解析模型输出")` fallback (docs/agents.md, reply case 12).
 *
 * CallUser has two meanings (docs/agents.md, harness decisions). `callUser: 'answer'` (default, the 1.5 navigation prompt's
 * meaning: report the answer, then Finished) gives Noop + flags.answer; `'ask'` gives AskUser.
 */
const VERBS = [
  'Click',
  'LongPress',
  'DoubleClick',
  'Drag',
  'Scroll',
  'Type',
  'Launch',
  'Wait',
  'Finished',
  'CallUser',
  'PressBack',
  'PressHome',
  'PressEnter',
  'PressRecent',
] as const;

export type CallUserMeaning = 'answer' | 'ask';

export function makeUivenusParser(callUser: CallUserMeaning = 'answer') {
  return safeParser((raw: string, ctx: ParseContext): ParsedReply => {
    const { thought, rest } = splitThinking(stripLeakedTokens(raw));
    const actionTag = tagContent(rest, 'action');
    const region = dropTags(actionTag ?? rest.replace(/<conclusion>[\s\S]*$/i, ''), ['action']);
    const { calls, unclosed } = findCalls(region, VERBS, 0, new WorkBudget(region.length));
    if (calls.length === 0) {
      if (unclosed) return parseError(raw, `truncated: ${unclosed.name}( is never closed`, thought);
      return parseError(raw, 'no UI-Venus action found (expected <action>Func(...)</action>)', thought);
    }
    const chosen = actionTag !== null ? calls[0]! : calls[calls.length - 1]!;
    const flags: ParseFlags = {};
    return {
      action: mapCall(chosen, ctx, flags, callUser),
      thought,
      actionText: chosen.text,
      extras: calls.filter((c) => c !== chosen).map((c) => c.text),
      flags,
    };
  });
}

export const parseUivenus = makeUivenusParser('answer');

function mapCall(call: ScannedCall, ctx: ParseContext, flags: ParseFlags, callUser: CallUserMeaning): Action {
  const { named } = namedArgs(call.args);
  const str = (k: string): string | undefined => {
    const v = named.get(k);
    return v === undefined ? undefined : decodeValue(v);
  };
  const pointOf = (k: string): Action & { type: 'Tap' } => {
    const v = named.get(k);
    if (v === undefined) throw new ReplyError(`${call.name} needs ${k}=(x,y)`);
    const p = readPoint(v, ctx.coords, k);
    if (p.outOfRange) flags.coordOutOfRange = true;
    return { type: 'Tap', at: p.point };
  };
  switch (call.name.toLowerCase()) {
    case 'click':
      return pointOf('box');
    case 'longpress':
      return { type: 'LongPress', at: pointOf('box').at, ms: DEFAULT_LONG_PRESS_MS };
    case 'doubleclick':
      return { type: 'DoubleTap', at: pointOf('box').at };
    case 'drag':
      return { type: 'Swipe', from: pointOf('start').at, to: pointOf('end').at, ms: DEFAULT_DRAG_MS };
    case 'scroll': {
      if (named.has('end')) return { type: 'Swipe', from: pointOf('start').at, to: pointOf('end').at, ms: DEFAULT_SWIPE_MS };
      const dir = str('direction');
      if (dir === undefined) throw new ReplyError("Scroll needs start=(x,y), end=(x,y) or direction='…'");
      return scrollToSwipe(readDirection(dir), named.has('start') ? pointOf('start').at : undefined);
    }
    case 'type': {
      const content = str('content');
      if (content === undefined) throw new ReplyError("Type needs content='…'");
      return { type: 'Type', text: content };
    }
    case 'launch': {
      const app = str('app');
      if (!app) throw new ReplyError("Launch needs app='…' (web urls are not supported on the phone)");
      return { type: 'LaunchApp', app };
    }
    case 'wait':
      return { type: 'Wait' };
    case 'finished': {
      const content = str('content');
      return content ? { type: 'Finish', message: content } : { type: 'Finish' };
    }
    case 'calluser': {
      const content = str('content') ?? '';
      if (callUser === 'ask') return { type: 'AskUser', message: content };
      flags.answer = content;
      return { type: 'Noop', reason: `CallUser answer: ${content}` };
    }
    case 'pressback':
      return { type: 'Back' };
    case 'presshome':
      return { type: 'Home' };
    case 'pressenter':
      return { type: 'Enter' };
    case 'pressrecent':
      return { type: 'Key', key: 'Recent' };
    default:
      throw new ReplyError(`unknown UI-Venus action ${call.name}`);
  }
}
