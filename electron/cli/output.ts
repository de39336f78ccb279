import { terminalSafe } from '../../shared/terminal-text.js';

/**
 * CLI output rules: with --json, machine-readable results go to stdout and nothing
 * else does; human messages always go to stderr; a failure is one line and exit ≠ 0.
 * Text for people passes through `terminalSafe`: a device serial, a farm's answer or a task
 * field may carry terminal escape sequences, which are shown, never obeyed.
 */
export interface GlobalOptions {
  workspace?: string;
  json?: boolean;
  /** host:port of the adb server (overrides the workspace setting). */
  adb?: string;
}

export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    readonly exitCode = 1,
    /** Extra lines shown under the one-line reason (e.g. every invalid field). */
    readonly details: string[] = [],
  ) {
    super(message);
  }
}

export function printResult<T>(opts: GlobalOptions, value: T, human: (v: T) => string): void {
  if (opts.json) process.stdout.write(`${JSON.stringify(value)}\n`);
  else process.stdout.write(`${terminalSafe(human(value))}\n`);
}

export function info(message: string): void {
  process.stderr.write(`${terminalSafe(message)}\n`);
}

/**
 * Data written as it is (a CSV, Markdown or LaTeX table): exact when it goes to a file or a pipe,
 * escaped when it goes to a terminal, where an escape sequence in a cell would be obeyed.
 */
export function writeData(text: string): void {
  process.stdout.write(process.stdout.isTTY ? terminalSafe(text) : text);
}

/** A fixed-width text table for terminals. */
export function table(rows: string[][], header: string[]): string {
  const all = [header, ...rows];
  const widths = header.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i] ?? ''))));
  const line = (r: string[]): string =>
    r
      .map((c, i) => c + ' '.repeat(Math.max(0, widths[i]! - displayWidth(c))))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

/** CJK characters take two terminal columns. */
function displayWidth(s: string): number {
  let w = 0;
  for (const ch of s)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch) ? 2 : 1;
  return w;
}

export function truncate(s: string, max: number): string {
  return [...s].length > max ? `${[...s].slice(0, max - 1).join('')}…` : s;
}
