import type { Action } from '../../../shared/domain/action.js';
import type { DemoStep, ObservationRef, SignatureConfig } from '../../../shared/domain/task-graph.js';
import type { ScreenSize, UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { Foreground } from '../device/device-port.js';
import { contentCandidates, optionGroupAt } from './content.js';
import { computeSignature, pageKey } from './signature.js';

export interface ObservedStep {
  ref: ObservationRef;
  ui: UiHierarchy;
  foreground: Foreground | null;
  /** Null on a demonstration's final observation. */
  action: Action | null;
  /** The action in device pixels as recorded (with the tapped element), or null. */
  actionPx: Record<string, unknown> | null;
  screen: ScreenSize;
  /** An annotator marked the tap "any option of its group would do". */
  anyOption?: boolean;
  /** The screenshot's average hash, for screens with almost no structure. */
  imageHash?: string | null;
}

/** What the graph builder needs of one recorded step: signature, content candidates, the option group a tap hit. */
export function toDemoStep(s: ObservedStep, cfg: SignatureConfig): DemoStep {
  const signature = computeSignature(s.ui, s.foreground, cfg, s.imageHash ?? null);
  const at = s.actionPx?.type === 'Tap' ? (s.actionPx.at as { x: number; y: number } | undefined) : undefined;
  const options = at ? optionGroupAt(s.ui, at.x, at.y) : null;
  return {
    ref: s.ref,
    signature,
    content: contentCandidates(s.ui, cfg, pageKey(signature)),
    page: pageKey(signature),
    ...(options ? { options } : {}),
    ...(s.anyOption ? { anyOption: true } : {}),
    action: s.action,
    actionPx: s.actionPx,
    screen: s.screen,
  };
}
