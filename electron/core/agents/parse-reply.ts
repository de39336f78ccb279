import type { Action } from '../../../shared/domain/action.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import type { ModelAdapterId } from '../../../shared/schemas/agent-config.js';
import { ADAPTER_VARIANTS } from '../../../shared/schemas/agent-config.js';
import type { PixelPoint } from '../geometry/coordinates.js';
import { toPixels } from '../geometry/coordinates.js';
import { FAMILIES } from './families/index.js';
import type { ParseFlags } from './parsing/parsed-reply.js';

/**
 * Parses one stored/raw model reply in a family's format, offline: what `elderbench agent parse`
 * prints. The sent size defaults to what the adapter would send for this screen (smart_resize for
 * absolute-coordinate variants), so the pixels match a live run.
 */
export interface ParsedReplyReport {
  format: ModelAdapterId;
  variant: string;
  screen: ScreenSize;
  sent: ScreenSize;
  action: Action;
  /** Device pixels of every point in the action (tap point, swipe ends). */
  pixels: { at?: PixelPoint; from?: PixelPoint; to?: PixelPoint };
  thought: string;
  extras: string[];
  flags: ParseFlags;
}

export class ParseOptionsError extends Error {
  override readonly name = 'ParseOptionsError';
}

export function parseReplyAs(
  format: ModelAdapterId,
  raw: string,
  opts: { screen: ScreenSize; sent?: ScreenSize | null; variant?: string },
): ParsedReplyReport {
  const family = FAMILIES[format];
  const variant = opts.variant ?? family.defaultVariant;
  if (!ADAPTER_VARIANTS[format].includes(variant)) {
    throw new ParseOptionsError(`variant of ${format} must be one of ${ADAPTER_VARIANTS[format].join(', ')}`);
  }
  const ctx = { config: { name: 'parse', adapter: format }, variant, now: new Date(0) };
  const sent = opts.sent ?? family.sendSize(opts.screen, ctx) ?? opts.screen;
  const parsed = family.parse(raw, family.coordMode(sent, ctx), ctx, []);
  const a = parsed.action;
  const pixels: ParsedReplyReport['pixels'] = {};
  if (a.type === 'Tap' || a.type === 'DoubleTap' || a.type === 'LongPress') pixels.at = toPixels(a.at, opts.screen);
  if (a.type === 'Swipe') {
    pixels.from = toPixels(a.from, opts.screen);
    pixels.to = toPixels(a.to, opts.screen);
  }
  return {
    format,
    variant,
    screen: opts.screen,
    sent,
    action: a,
    pixels,
    thought: parsed.thought,
    extras: parsed.extras,
    flags: parsed.flags,
  };
}

/** "1080x2400" → {width, height}; throws with the expected shape on anything else. */
export function readSize(s: string, what: string): ScreenSize {
  const m = /^\s*(\d{2,5})\s*[x×]\s*(\d{2,5})\s*$/i.exec(s);
  if (!m) throw new ParseOptionsError(`${what} must look like 1080x2400 (width x height), got "${s}"`);
  return { width: Number(m[1]), height: Number(m[2]) };
}
