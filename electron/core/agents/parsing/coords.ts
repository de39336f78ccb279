import type { NormPoint } from '../../../../shared/domain/action.js';
import { clampNorm } from '../../geometry/coordinates.js';
import type { CoordMode } from './parsed-reply.js';
import { ReplyError } from './parsed-reply.js';

/**
 * Reads the coordinate syntaxes agents write (docs/agents.md, reply case 4): [x,y], (x,y), '(x,y)',
 * <|box_start|>(x,y)<|box_end|>, <point>x y</point>, <bbox>x1 y1 x2 y2</bbox>,
 * [x1,y1,x2,y2] and (x1,y1)(x2,y2) (boxes ⇒ centre), floats, negatives.
 * Placeholders (`[x,y]`, `x1 y1`), `=` and empty values are rejected.
 */
const MARKUP = /<\|box_start\|>|<\|box_end\|>|<\/?point>|<\/?bbox>/g;

export function readNumbers(value: string): number[] {
  const body = value
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .replace(MARKUP, '')
    .trim();
  if (body === '') throw new ReplyError('empty coordinate');
  if (!/^[\s\d.,()[\]+-]+$/.test(body)) {
    throw new ReplyError(`coordinate is not numeric: ${JSON.stringify(value.trim())} (a placeholder or markup the parser does not know)`);
  }
  const nums = (body.match(/[-+]?\d+(?:\.\d+)?/g) ?? []).map(Number);
  if (nums.length === 0) throw new ReplyError(`no numbers in coordinate ${JSON.stringify(value.trim())}`);
  return nums;
}

/** Two numbers are a point; four are a box and mean its centre. */
export function pointFromNumbers(nums: readonly number[], what = 'coordinate'): [number, number] {
  if (nums.length === 2) return [nums[0]!, nums[1]!];
  if (nums.length === 4) return [(nums[0]! + nums[2]!) / 2, (nums[1]! + nums[3]!) / 2];
  throw new ReplyError(`${what} needs 2 numbers (point) or 4 (box), got ${nums.length}: [${nums.join(', ')}]`);
}

export interface CanonPoint {
  point: NormPoint;
  outOfRange: boolean;
}

/** Model numbers → canonical [0,1000], clamped and flagged when outside the model's space (reply case 5). */
export function toCanonical([x, y]: [number, number], mode: CoordMode): CanonPoint {
  // Anything that lands outside [0,1000] was outside the model's own space: clamp and flag (AutoGLM #329).
  const [nx, ny] =
    mode.kind === 'relative'
      ? [(x * 1000) / mode.max, (y * 1000) / mode.max]
      : [(x / mode.sent.width) * 1000, (y / mode.sent.height) * 1000];
  const cx = clampNorm(nx);
  const cy = clampNorm(ny);
  return {
    point: { x: round3(cx.value), y: round3(cy.value) },
    outOfRange: cx.clamped || cy.clamped,
  };
}

function round3(v: number): number {
  return Math.round(v * 1000) / 1000;
}

/** Parses a coordinate argument and maps it in one go. */
export function readPoint(value: string, mode: CoordMode, what = 'coordinate'): CanonPoint {
  return toCanonical(pointFromNumbers(readNumbers(value), what), mode);
}
