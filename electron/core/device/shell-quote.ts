/**
 * Quoting for the device's `sh`. Everything we send that came from a person or a
 * model goes through here, so no text can become a command on the device.
 */

/** One shell word: single quotes, with `'` written as `'\''` (POSIX). */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** Only printable ASCII can go through `input text`; anything else needs an IME (ADBKeyboard). */
export function isInputTextSafe(s: string): boolean {
  return inputTextProblem(s) === null;
}

const ADB_KEYBOARD_HINT =
  'Install and enable the ADBKeyboard IME, which types any text (github.com/senzhk/ADBKeyBoard: `adb install ADBKeyboard.apk`, ' +
  'then `adb shell ime enable com.android.adbkeyboard/.AdbIME`)';

/**
 * Why `input text` cannot type `s` faithfully, and what to do instead; null when it can.
 * Its only escape is `%s` (a space), characters go through the virtual keyboard's ASCII map,
 * and a line break would be sent as Enter — which may submit the form.
 */
export function inputTextProblem(s: string): string | null {
  const codepoint = (c: string): string => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (/[\r\n]/.test(s)) {
    return `it contains a line break, which \`input text\` would send as Enter (that may submit the form). Type each line as its own action with Enter between them, or: ${ADB_KEYBOARD_HINT}`;
  }
  const control = [...s].find((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control)
    return `it contains a tab or another control character (${codepoint(control)}), which \`input text\` cannot type. ${ADB_KEYBOARD_HINT}`;
  if (s.includes('%s'))
    return `it contains "%s", which \`input text\` always turns into a space (it has no way to type a literal "%s"). ${ADB_KEYBOARD_HINT}`;
  const other = [...new Set([...s].filter((c) => !/[\x20-\x7e]/.test(c)))];
  if (other.length > 0) {
    const shown = other
      .slice(0, 3)
      .map((c) => `"${c}" (${codepoint(c)})`)
      .join(', ');
    return `it contains characters outside printable ASCII (${shown}${other.length > 3 ? ', …' : ''}), which \`input text\` cannot type. ${ADB_KEYBOARD_HINT}`;
  }
  return null;
}

/** The argument of `input text` for ASCII text: spaces become `%s` (its only escape), then shell-quoted. */
export function inputTextArg(s: string): string {
  return shQuote(s.replace(/ /g, '%s'));
}

/** base64 of UTF-8, for ADBKeyboard's ADB_INPUT_B64 broadcast (its alphabet needs no quoting). */
export function utf8Base64(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}
