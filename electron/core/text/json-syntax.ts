/**
 * Describes a JSON syntax error by place only. JavaScript's own messages quote the text around
 * the error (`Unexpected token 's', "{"apiKey": sk-12"... is not valid JSON`), which for a
 * config file can be a pasted API key, so they are never shown: we give the line and column
 * when the engine reports a position, and a hint otherwise.
 */
export function describeJsonSyntaxError(text: string, error: unknown): string {
  const message = error instanceof Error ? error.message : '';
  const pos = /at position (\d+)/.exec(message);
  if (pos) return `not valid JSON at ${where(text, Number(pos[1]))}`;
  // V8's other form: `Unexpected token 'x', ..."<10 chars before><10 after>"... is not valid JSON`.
  // The quoted context is used only to find the place, then dropped.
  const token = /^Unexpected token '([^']*)', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (token) {
    const [, ch, cut, context] = token;
    const at = cut ? text.indexOf(context!) : -1;
    const shown = ch!.length === 1 && /[\p{P}\p{S}]/u.test(ch!) ? ` "${ch}"` : ' character';
    return at >= 0
      ? `not valid JSON at ${where(text, at + 10)} (unexpected${shown})`
      : `not valid JSON: unexpected${shown} (check the quotes, commas and brackets)`;
  }
  if (/Unexpected end of JSON input/.test(message)) return 'not valid JSON: it ends too early (a missing "}" or "]"?)';
  return 'not valid JSON (check the quotes, commas and brackets)';
}

const where = (text: string, offset: number): string => {
  const { line, column } = lineAndColumn(text, offset);
  return `line ${line}, column ${column}`;
};

/** 1-based line and column of a string offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Drops a UTF-8 byte-order mark, which editors on Windows write and JSON.parse refuses. */
export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
