import type { Action } from '../../../../shared/domain/action.js';

/**
 * A canonical action as a reply in the generic `vlm` format (the inverse of its parser): what a model
 * behind the `vlm` adapter answers to take that action. Points go on the format's 0–1000 grid as whole
 * numbers, as a model writes them. Null for an action the format cannot express (a hardware key).
 * `null` as the action is the closing Finish.
 */
export function vlmReplyFor(a: Action | null): string | null {
  const j = (o: unknown): string => `Thought: next step.\n${JSON.stringify(o)}`;
  const pt = (p: { x: number; y: number }): [number, number] => [Math.round(p.x), Math.round(p.y)];
  if (a === null) return j({ action: 'finish', status: 'success', message: 'done' });
  switch (a.type) {
    case 'Tap':
      return j({ action: 'tap', point: pt(a.at) });
    case 'DoubleTap':
      return j({ action: 'double_tap', point: pt(a.at) });
    case 'LongPress':
      return j({ action: 'long_press', point: pt(a.at), ...(a.ms ? { ms: a.ms } : {}) });
    case 'Swipe':
      return j({ action: 'swipe', from: pt(a.from), to: pt(a.to) });
    case 'Type':
      // The format has no "clear": a model can only type (appending to what the field holds).
      return j({ action: 'type', text: a.text, submit: a.submit === true });
    case 'Enter':
      return j({ action: 'enter' });
    case 'Back':
      return j({ action: 'back' });
    case 'Home':
      return j({ action: 'home' });
    case 'LaunchApp':
      return j({ action: 'launch_app', app: a.app });
    case 'Wait':
      return j({ action: 'wait', ...(a.seconds !== undefined ? { seconds: a.seconds } : {}) });
    case 'Finish':
      return j({ action: 'finish', status: a.status ?? 'success', message: a.message ?? 'done' });
    case 'AskUser':
      return j({ action: 'ask_user', message: a.message });
    default:
      return null;
  }
}
