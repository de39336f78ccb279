/**
 * AST for the subset of mksh (Android's /system/bin/sh) that tools send over `adb shell`:
 * quoting, `$VAR`, `;` `&&` `||` `|` `&`, redirections, env prefixes and `while … do … done`
 * (adbkit's waitBootComplete uses one).
 */
export type WordPart = { lit: string } | { variable: string };
export type Word = WordPart[];

export interface Redirect {
  fd: number; // 1 = stdout, 2 = stderr, 0 = stdin
  op: '>' | '>>' | '<' | '>&';
  target: Word; // for '>&', the target fd as a word ("1", "2")
}

export interface SimpleCommand {
  type: 'simple';
  assigns: Array<{ name: string; value: Word }>;
  words: Word[];
  redirects: Redirect[];
}

export interface WhileCommand {
  type: 'while';
  condition: CommandList;
  body: CommandList;
  redirects: Redirect[];
}

export type Command = SimpleCommand | WhileCommand;

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

export type CommandList = AndOr[];

export class ShellSyntaxError extends Error {}
