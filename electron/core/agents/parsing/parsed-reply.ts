import type { Action } from '../../../../shared/domain/action.js';
import type { ScreenSize } from '../../../../shared/domain/ui-node.js';
import { errorMessage } from '../../../../shared/error-message.js';

/**
 * How a model's numbers become canonical [0,1000] coordinates:
 * - relative, divisor 1000: n = v (AutoGLM, UI-TARS 1.0/Doubao, GUI-Owl 1.5, UI-Venus 1.5);
 * - relative, divisor 999:  n = v·1000/999 (Qwen3-VL);
 * - absolute: n = x/W'·1000 in the image that was actually sent (UI-TARS-1.5, Qwen2.5-VL, UI-Venus 1.0).
 */
export type CoordMode = { kind: 'relative'; max: 1000 | 999 } | { kind: 'absolute'; sent: ScreenSize };

export interface ParseContext {
  coords: CoordMode;
}

/** Facts about a reply worth keeping beside the action (stored with the step). */
export interface ParseFlags {
  /** A coordinate was outside the model's space and was clamped. */
  coordOutOfRange?: boolean;
  /** AutoGLM's sensitive tap: the model asks for the user's confirmation with this message. */
  confirm?: string;
  /** UI-Venus CallUser read as an answer to the user (a harness decision, docs/agents.md). */
  answer?: string;
  /** A terminate status we do not know; the Finish carries no status. */
  unknownStatus?: string;
}

export interface ParsedReply {
  action: Action;
  /** The model's reasoning text, if it wrote any. */
  thought: string;
  /** The exact call text that was executed (used to rebuild history turns). */
  actionText: string;
  /** Further calls in the same reply: policy is execute the first, log the others. */
  extras: string[];
  flags: ParseFlags;
}

export function parseError(raw: string, reason: string, thought = ''): ParsedReply {
  return { action: { type: 'ParseError', raw, reason }, thought, actionText: '', extras: [], flags: {} };
}

/** Thrown inside a parser to abort with a ParseError reason; caught by the parser's entry point. */
export class ReplyError extends Error {
  override readonly name = 'ReplyError';
}

export type ReplyParser = (raw: string, ctx: ParseContext) => ParsedReply;

/** Wraps a parser so that nothing it throws escapes: a bad reply is a ParseError, never an exception. */
export function safeParser(parse: (raw: string, ctx: ParseContext) => ParsedReply): ReplyParser {
  return (raw, ctx) => {
    try {
      if (raw.trim() === '') return parseError(raw, 'empty reply');
      return parse(raw, ctx);
    } catch (e) {
      const reason = e instanceof ReplyError ? e.message : `parser failure: ${errorMessage(e)}`;
      return parseError(raw, reason);
    }
  };
}
