import { z } from 'zod';
import type { Action } from '../../../shared/domain/action.js';
import { ActionSchema } from '../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import { flattenUi, labelOf } from '../../../shared/domain/ui-tree.js';
import type { DevicePort } from '../device/device-port.js';
import { toNorm } from '../geometry/coordinates.js';
import { performAction, toPixelAction } from './perform-action.js';

/**
 * A step of a demonstration script: a canonical action, or a tap/long press on the element
 * whose label is `on` (resolved against the live screen just before the step, then recorded
 * as an ordinary canonical action with coordinates — exactly what a person's tap produces).
 */
export const ScriptTargetSchema = z
  .object({
    type: z.enum(['Tap', 'LongPress']),
    on: z.string().min(1),
    /** 'exact' (default) or 'prefix' match of the element's label. */
    match: z.enum(['exact', 'prefix', 'contains']).optional(),
    /** Which of several matching elements, in screen order (default 0). */
    nth: z.number().int().min(0).optional(),
    ms: z.number().int().positive().optional(),
    /**
     * An annotator's mark: other options of this element's group would do as well — `true` for any of
     * them (any train of the list), or the labels of those that would (either of two cities).
     */
    any: z.union([z.literal(true), z.array(z.string().min(1)).min(1)]).optional(),
  })
  .strict();
export type ScriptTarget = z.infer<typeof ScriptTargetSchema>;

export const ScriptStepSchema = z.union([ScriptTargetSchema, ActionSchema]);
export type ScriptStep = z.infer<typeof ScriptStepSchema>;

export const DemoScriptSchema = z
  .array(ScriptStepSchema)
  .min(1, 'the script is empty')
  .refine((a) => a.at(-1)?.type === 'Finish', { message: 'the last action must be {"type":"Finish"}' })
  .refine((a) => a.slice(0, -1).every((x) => x.type !== 'Finish'), { message: 'Finish may only be the last action' });

export class ScriptTargetError extends Error {
  override readonly name = 'ScriptTargetError';
}

export const isTargetStep = (s: ScriptStep): s is ScriptTarget => 'on' in s;

/**
 * Resolves a label-addressed step against the current screen into a canonical action. Where the
 * screen does not show `on` and the step names the other options that would do as well (`any`
 * with labels), the first of those the screen shows is tapped — as a person takes whichever health
 * article the feed happens to list, since a feed's order changes with the time of day.
 */
export function resolveScriptStep(step: ScriptStep, ui: UiHierarchy, screen: { width: number; height: number }): Action {
  if (!isTargetStep(step)) return step;
  const want = step.on.trim();
  const mode = step.match ?? 'exact';
  const tappable = flattenUi(ui).filter(
    (n) => n.bounds && n.bounds.right > n.bounds.left && n.bounds.bottom > n.bounds.top && (n.clickable || n.longClickable || n.checkable),
  );
  const hits = tappable.filter((n) => {
    const label = labelOf(n);
    return mode === 'exact' ? label === want : mode === 'prefix' ? label.startsWith(want) : label.includes(want);
  });
  const otherLabels = Array.isArray(step.any) ? step.any : [];
  const others = tappable.filter((n) => otherLabels.includes(labelOf(n)));
  const hit = hits.length > 0 ? hits[step.nth ?? 0] : others[0];
  if (!hit?.bounds) {
    const seen = flattenUi(ui)
      .filter((n) => n.clickable)
      .map(labelOf)
      .filter(Boolean)
      .slice(0, 15);
    const alsoTried = Array.isArray(step.any) ? ` nor any of ${step.any.map((l) => `"${l}"`).join(', ')}` : '';
    throw new ScriptTargetError(
      `no clickable element labelled "${want}" (${mode})${alsoTried} on screen; clickable labels: ${seen.join(' | ')}`,
    );
  }
  const b = hit.bounds;
  const at = toNorm({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) }, screen);
  return step.type === 'Tap' ? { type: 'Tap', at } : { type: 'LongPress', at, ...(step.ms ? { ms: step.ms } : {}) };
}

/**
 * Plays a script on a device without recording it (for checking a task's demonstration
 * reaches its goal, and for tests). Returns the canonical actions performed.
 */
export async function playScript(
  device: DevicePort,
  steps: readonly ScriptStep[],
  deps: { resolvePackage: (app: string) => string | null; sleep: (ms: number) => Promise<void>; parse: (xml: string) => UiHierarchy },
): Promise<Action[]> {
  const screen = (await device.info()).screen;
  const done: Action[] = [];
  for (const step of steps) {
    if (step.type === 'Finish') break;
    const action = isTargetStep(step) ? resolveScriptStep(step, deps.parse(await device.uiDump()), screen) : step;
    await performAction(device, action, toPixelAction(action, screen, deps.resolvePackage), deps.sleep);
    done.push(action);
  }
  return done;
}
