import { z } from 'zod';
import type { Action } from '../../../shared/domain/action.js';
import { ActionSchema } from '../../../shared/domain/action.js';
import type { UiHierarchy } from '../../../shared/domain/ui-node.js';
import { flattenUi, labelOf, nodeAt } from '../../../shared/domain/ui-tree.js';
import type { DevicePort } from '../device/device-port.js';
import { toNorm, toPixels } from '../geometry/coordinates.js';
import { isEditClass } from '../graph/widget-classes.js';
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
    /**
     * Where the screen does not show `on`, swipe the list this way until it does (at most MAX_SCROLLS swipes), each
     * swipe a step of its own — as a person scrolls a list whose order changes with the time of day to find an item.
     */
    scroll: z.enum(['down', 'up']).optional(),
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

const tappableOf = (ui: UiHierarchy) =>
  flattenUi(ui).filter(
    (n) => n.bounds && n.bounds.right > n.bounds.left && n.bounds.bottom > n.bounds.top && (n.clickable || n.longClickable || n.checkable),
  );

/** The elements a step's `on` names, in screen order. */
function targetsOf(step: ScriptTarget, tappable: ReturnType<typeof tappableOf>) {
  const want = step.on.trim();
  const mode = step.match ?? 'exact';
  return tappable.filter((n) => {
    const label = labelOf(n);
    return mode === 'exact' ? label === want : mode === 'prefix' ? label.startsWith(want) : label.includes(want);
  });
}

/** The most swipes a step with `scroll` makes looking for its target before it gives up. */
export const MAX_SCROLLS = 8;

/** The swipe a step's `scroll` makes: the finger from the lower to the upper part of the screen for `down`. */
export function scrollSwipe(dir: 'down' | 'up'): Action {
  const [low, high] = [
    { x: 500, y: 750 },
    { x: 500, y: 250 },
  ];
  return dir === 'down' ? { type: 'Swipe', from: low, to: high, ms: 400 } : { type: 'Swipe', from: high, to: low, ms: 400 };
}

/**
 * A step resolved on the live screen, after the swipes its `scroll` asks for while the screen does not show its target
 * (each one handed to `perform`, which records or plays it as the step it is). Without `scroll`, resolveScriptStep.
 */
export async function resolveScrolling(
  step: ScriptStep,
  readScreen: () => Promise<UiHierarchy>,
  perform: (swipe: Action) => Promise<unknown>,
  screen: { width: number; height: number },
): Promise<Action> {
  if (!isTargetStep(step)) return step;
  for (let swipes = 0; ; swipes++) {
    const ui = await readScreen();
    if (!step.scroll || swipes >= MAX_SCROLLS || targetsOf(step, tappableOf(ui)).length > (step.nth ?? 0))
      return resolveScriptStep(step, ui, screen);
    await perform(scrollSwipe(step.scroll));
  }
}

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
  const tappable = tappableOf(ui);
  const hits = targetsOf(step, tappable);
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
 * The label a step's tap was aimed at, for an agent shown another screen of the page to look for: the step's `on` where
 * it names the element whole (a prefix or a fallback names another's) and the screen shows it once, and not on a text
 * field, whose label is what was typed into it — the recipient box holding 李强 above the suggestion 李强 is not the
 * suggestion.
 */
function aimedLabel(step: ScriptTarget, action: Action, ui: UiHierarchy | null, screen: { width: number; height: number }): string | null {
  if ((step.match ?? 'exact') !== 'exact' || step.any || ui === null || (action.type !== 'Tap' && action.type !== 'LongPress')) return null;
  // A label the screen gives several controls (a song's row and the mini player's title) does not say which was meant;
  // a text field holding it (the search box holding the query 甜蜜蜜 above its result) is no control of that name.
  if (targetsOf(step, tappableOf(ui)).filter((n) => !isEditClass(n.className)).length !== 1) return null;
  const p = toPixels(action.at, screen);
  const hit = nodeAt(ui, p.x, p.y);
  return hit && isEditClass(hit.className) ? null : step.on.trim();
}

/**
 * Plays a script on a device without recording it (for checking a task's demonstration
 * reaches its goal, and for tests). Returns the canonical actions performed.
 */
export async function playScript(device: DevicePort, steps: readonly ScriptStep[], deps: PlayDeps): Promise<Action[]> {
  return (await playScriptAimed(device, steps, deps)).actions;
}

export interface PlayDeps {
  resolvePackage: (app: string) => string | null;
  sleep: (ms: number) => Promise<void>;
  parse: (xml: string) => UiHierarchy;
}

/**
 * playScript, with the label each action was aimed at (a step's `on`; null for a swipe its `scroll` made, or an action
 * given as such): what an agent shown another screen of the page would look for (graph try-paths aims by it).
 */
export async function playScriptAimed(
  device: DevicePort,
  steps: readonly ScriptStep[],
  deps: PlayDeps,
): Promise<{ actions: Action[]; targets: (string | null)[] }> {
  const screen = (await device.info()).screen;
  const actions: Action[] = [];
  const targets: (string | null)[] = [];
  const perform = async (action: Action, target: string | null = null): Promise<void> => {
    await performAction(device, action, toPixelAction(action, screen, deps.resolvePackage), deps.sleep);
    actions.push(action);
    targets.push(target);
  };
  for (const step of steps) {
    if (step.type === 'Finish') break;
    let seen: UiHierarchy | null = null;
    const read = async (): Promise<UiHierarchy> => (seen = deps.parse(await device.uiDump()));
    const action = await resolveScrolling(step, read, (swipe) => perform(swipe), screen);
    await perform(action, isTargetStep(step) ? aimedLabel(step, action, seen, screen) : null);
  }
  return { actions, targets };
}
