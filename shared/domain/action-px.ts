import { z } from 'zod';
import type { ActionType } from './action.js';
import type { ScreenSize } from './ui-node.js';
import type { TargetElement } from './ui-tree.js';

/**
 * The screen assumed where a stored record names none: a graph without edges, a step stored
 * without its screen. The common 1080×2400 phone; real records always carry their own.
 */
export const DEFAULT_SCREEN: Readonly<ScreenSize> = { width: 1080, height: 2400 };

/** A point in device pixels. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** The action as executed, in device pixels (what the canonical [0,1000] action became on this screen). */
export type PixelAction =
  | { type: 'Tap' | 'DoubleTap'; at: PixelPoint }
  | { type: 'LongPress'; at: PixelPoint; ms: number }
  | { type: 'Swipe'; from: PixelPoint; to: PixelPoint; ms: number }
  | { type: 'LaunchApp'; package: string }
  | { type: Exclude<ActionType, 'Tap' | 'DoubleTap' | 'LongPress' | 'Swipe' | 'LaunchApp'> };

/**
 * A recorded step's action in pixels, as stored with the step and copied onto graph edges: the
 * pixel action, the element a tap landed on (absent when the dump had none there), and the screen.
 */
export type ActionPx = PixelAction & { target?: TargetElement; screen: ScreenSize };

const Point = z.object({ x: z.number(), y: z.number() });
const Screen = z.object({ width: z.number().positive(), height: z.number().positive() });
export const BoundsSchema = z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() });
export const TargetElementSchema = z.object({
  bounds: BoundsSchema,
  resourceId: z.string().catch(''),
  className: z.string().catch(''),
  text: z.string().catch(''),
  contentDesc: z.string().catch(''),
  clickable: z.boolean().optional().catch(undefined),
  texts: z.array(z.string()).optional().catch(undefined),
});

/** Where a recorded action happened: read leniently, a malformed target is dropped and a missing screen assumed. */
const place = {
  target: TargetElementSchema.optional().catch(undefined),
  screen: Screen.catch(() => ({ ...DEFAULT_SCREEN })),
};

const OTHER_TYPES = ['Type', 'Home', 'Back', 'Enter', 'Key', 'Wait', 'Finish', 'AskUser', 'Noop', 'ParseError'] as const;

const ActionPxSchema = z.union([
  z.object({ type: z.enum(['Tap', 'DoubleTap']), at: Point, ...place }),
  z.object({ type: z.literal('LongPress'), at: Point, ms: z.number(), ...place }),
  z.object({ type: z.literal('Swipe'), from: Point, to: Point, ms: z.number(), ...place }),
  z.object({ type: z.literal('LaunchApp'), package: z.string(), ...place }),
  z.object({ type: z.enum(OTHER_TYPES), ...place }),
]);

/**
 * A stored step's pixels as a typed value, or null when there are none or they are not a shape
 * this app wrote (a row from a foreign tool keeps its canonical action; only the pixel view is lost).
 */
export function parseActionPx(value: unknown): ActionPx | null {
  if (value === null || value === undefined) return null;
  const r = ActionPxSchema.safeParse(value);
  if (!r.success) return null;
  const { target, ...rest } = r.data;
  return target ? { ...rest, target } : rest;
}
