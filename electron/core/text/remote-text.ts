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
