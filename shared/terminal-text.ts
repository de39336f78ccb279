// Control characters are the point here: they are what must not reach a terminal.
// eslint-disable-next-line no-control-regex
const TERMINAL_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

/**
 * Spells out what a terminal would interpret rather than print: C0 controls other than tab,
 * newline and a CR that ends a CRLF line break, DEL, and the C1 range (ESC sequences, CSI,
 * OSC…). Used on everything the CLI prints for people; JSON output escapes these itself.
 */
export function terminalSafe(s: string): string {
  return s.replace(TERMINAL_CONTROLS, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}
