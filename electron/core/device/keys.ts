import type { KeyName } from '../../../shared/domain/action.js';

/** Android keycodes (android.view.KeyEvent) for the keys the canonical actions name. */
export const KEYCODES: Record<KeyName | 'Home' | 'Back', number> = {
  Home: 3,
  Back: 4,
  Enter: 66,
  Delete: 67,
  Menu: 82,
  Recent: 187,
  VolumeUp: 24,
  VolumeDown: 25,
  Power: 26,
};

export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';
