import type { Action } from '../../../shared/domain/action.js';
import type { ScreenSize } from '../../../shared/domain/ui-node.js';
import type { DevicePort } from '../device/device-port.js';
import type { PixelAction } from '../../../shared/domain/action-px.js';
import { toPixels } from '../geometry/coordinates.js';

/** Durations when the action does not say (the official clients' defaults). */
export const DEFAULT_LONG_PRESS_MS = 1000;
export const DEFAULT_SWIPE_MS = 500;

export type { PixelAction } from '../../../shared/domain/action-px.js';

export function toPixelAction(action: Action, screen: ScreenSize, resolvePackage: (app: string) => string | null): PixelAction {
  switch (action.type) {
    case 'Tap':
    case 'DoubleTap':
      return { type: action.type, at: toPixels(action.at, screen) };
    case 'LongPress':
      return { type: 'LongPress', at: toPixels(action.at, screen), ms: action.ms ?? DEFAULT_LONG_PRESS_MS };
    case 'Swipe':
      return { type: 'Swipe', from: toPixels(action.from, screen), to: toPixels(action.to, screen), ms: action.ms ?? DEFAULT_SWIPE_MS };
    case 'LaunchApp': {
      const pkg = resolvePackage(action.app);
      if (!pkg) throw new UnknownAppError(action.app);
      return { type: 'LaunchApp', package: pkg };
    }
    default:
      return { type: action.type };
  }
}

export class UnknownAppError extends Error {
  override readonly name = 'UnknownAppError';
  constructor(readonly app: string) {
    super(`no installed app is known as "${app}"; use its package name (e.g. com.android.settings)`);
  }
}

/**
 * Carries out one canonical action on the device. Actions that do not touch the
 * device (Finish, AskUser, Noop, ParseError) do nothing; Wait waits.
 */
export async function performAction(
  device: DevicePort,
  action: Action,
  px: PixelAction,
  sleep: (ms: number) => Promise<void>,
): Promise<void> {
  switch (px.type) {
    case 'Tap':
      return device.tap(px.at);
    case 'DoubleTap':
      await device.tap(px.at);
      return device.tap(px.at);
    case 'LongPress':
      return device.longPress(px.at, px.ms);
    case 'Swipe':
      return device.swipe(px.from, px.to, px.ms);
    case 'LaunchApp':
      return device.launch(px.package);
    case 'Home':
    case 'Back':
    case 'Enter':
      return device.key(px.type);
    case 'Key':
      return action.type === 'Key' ? device.key(action.key) : undefined;
    case 'Type':
      if (action.type !== 'Type') return;
      await device.type(action.text, { clear: action.clear ?? false });
      if (action.submit) await device.key('Enter');
      return;
    case 'Wait':
      return sleep(((action.type === 'Wait' ? action.seconds : undefined) ?? 2) * 1000);
    default:
      return;
  }
}
