import type { Action } from '../../../shared/domain/action.js';
import type { ActionPx } from '../../../shared/domain/action-px.js';
import type { DemoStep, ObservationRef, SignatureConfig, TapAlternatives } from '../../../shared/domain/task-graph.js';
import type { Bounds, ScreenSize, UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { Foreground } from '../device/device-port.js';
import { contentCandidates, keyboardLikelyUp, optionsAt } from './content.js';
import { contains, labelOf } from '../../../shared/domain/ui-tree.js';
import { computeSignature, pageKey, shownTexts } from './signature.js';
import {
  inputFields,
  switchesOff,
  toggleControls,
  labelledControls,
  labelledOptions,
  mirrorControl,
  pressableAreas,
  longPressableAreas,
  smallWindow,
  scrollAreas,
  sliderAt,
  stillControls,
  upArrow,
  dismissButton,
} from './tap-controls.js';
import type { TaskBound } from './task-bounds.js';
import { optionsWithinBounds } from './task-bounds.js';

export interface ObservedStep {
  ref: ObservationRef;
  ui: UiHierarchy;
  foreground: Foreground | null;
  /** Null on a demonstration's final observation. */
  action: Action | null;
  /** The action in device pixels as recorded (with the tapped element), or null. */
  actionPx: ActionPx | null;
  screen: ScreenSize;
  /** An annotator's mark on the tap: which other options of its group would do as well. */
  alternatives?: TapAlternatives | null;
  /** Bounds the task's words put on a value ("150% 或更大"): the options within one do as well as the one tapped. */
  bounds?: readonly TaskBound[];
  /** The screenshot's average hash, for screens with almost no structure. */
  imageHash?: string | null;
}

/** What the graph builder needs of one recorded step: signature, content candidates, the option group a tap hit. */
export function toDemoStep(s: ObservedStep, cfg: SignatureConfig): DemoStep {
  const signature = computeSignature(s.ui, s.foreground, cfg, s.imageHash ?? null);
  const at = s.actionPx?.type === 'Tap' ? s.actionPx.at : undefined;
  const group = at ? optionsAt(s.ui, at.x, at.y) : null;
  const tapped = group?.find((o) => contains(o.bounds!, at!.x, at!.y));
  const marked =
    s.alternatives && group
      ? group.filter((o) => s.alternatives === 'any' || s.alternatives!.includes(labelOf(o)) || contains(o.bounds!, at!.x, at!.y))
      : group && tapped && s.bounds?.length
        ? optionsWithinBounds(group, tapped, s.bounds)
        : null;
  const mirror = at ? mirrorControl(s.ui, at.x, at.y) : null;
  const slider = at ? sliderAt(s.ui, at.x, at.y) : null;
  const fields = new Map<string, Bounds>();
  const up = upArrow(s.ui);
  const dismiss = dismissButton(s.ui);
  const still = stillControls(s.ui);
  const pressable = pressableAreas(s.ui);
  const window = smallWindow(s.ui, s.screen);
  return {
    ref: s.ref,
    signature,
    content: contentCandidates(s.ui, cfg, pageKey(signature), fields),
    page: pageKey(signature),
    keyboard: keyboardLikelyUp(s.ui),
    ...(marked ? { alternatives: marked.map((o) => o.bounds!) } : {}),
    ...(group ? { options: labelledOptions(group) } : {}),
    ...(group && group.every((o) => o.checkable) && group.filter((o) => o.checked).length === 1 ? { singleChoice: true } : {}),
    ...(mirror ? { mirror } : {}),
    ...(slider ? { slider, ...(s.bounds?.length ? { sliderBounds: s.bounds.map((b) => ({ ...b })) } : {}) } : {}),
    ...(fields.size > 0 ? { fields: Object.fromEntries(fields) } : {}),
    ...(up ? { up } : {}),
    ...(dismiss ? { dismiss } : {}),
    scrolls: scrollAreas(s.ui),
    ...(still.length > 0 ? { still } : {}),
    controls: labelledControls(s.ui),
    inputs: inputFields(s.ui),
    toggles: toggleControls(s.ui),
    togglesOff: switchesOff(s.ui),
    ...(pressable ? { pressable, longPressable: longPressableAreas(s.ui) } : {}),
    ...(window ? { window } : {}),
    shows: shownTexts(s.ui),
    action: s.action,
    actionPx: s.actionPx,
    screen: s.screen,
  };
}
