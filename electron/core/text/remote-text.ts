/**
 * Text that came from a server, a device or a file we do not control, made fit to put into a
 * message: one line, bounded, control characters (terminal escapes) spelled out. A farm that
 * answers a 200 kB field, or a serial with escape sequences, then cannot flood or repaint the
 * user's terminal. Secrets are the caller's business: redact before or after, as the caller knows them.
 */
export function quoteRemote(value: unknown, max = 120): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') return Array.isArray(value) ? '(a list)' : '(an object)';
  const chars = [...value];
  const cut = chars.length > max ? `${chars.slice(0, max).join('')}…` : value;
  return JSON.stringify(cut); // escapes quotes and every control character
}

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

/**
 * Whether JSON text nests deeper than `max` (arrays and objects), found with one linear scan
 * before parsing: a 200,000-deep document must be an error, not a stack overflow later in code
 * that walks it.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
