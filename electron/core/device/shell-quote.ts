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
  // `%s` is `input text`'s only escape (for space), so a literal "%s" cannot be typed through it.
  return /^[\x20-\x7e]*$/.test(s) && !s.includes('%s');
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
