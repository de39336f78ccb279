import { ShellSyntaxError } from './ast.js';
import type { AndOr, Command, CommandList, Pipeline, Redirect, SimpleCommand } from './ast.js';
import { tokenize } from './lexer.js';
import type { Token } from './lexer.js';

/** Recursive-descent parser over the lexer's tokens; error texts follow mksh's wording. */
export function parseShell(src: string): CommandList {
  const p = new Parser(tokenize(src));
  const list = p.list([]);
  if (!p.atEnd()) throw new ShellSyntaxError(`syntax error: '${p.describe()}' unexpected`);
  return list;
}

const RESERVED = new Set(['while', 'do', 'done', 'if', 'then', 'fi', 'for', 'case', 'esac', 'until']);

class Parser {
  private i = 0;
  constructor(private readonly toks: Token[]) {}

  atEnd(): boolean {
    return this.i >= this.toks.length;
  }

  describe(): string {
    const t = this.toks[this.i];
    if (!t) return 'end of file';
    return t.kind === 'op' ? t.op : t.kind === 'newline' ? 'newline' : t.raw;
  }

  private peek(): Token | undefined {
    return this.toks[this.i];
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t?.kind === 'op' && t.op === op && t.ioNumber === undefined;
  }

  private isReserved(word: string): boolean {
    const t = this.peek();
    return t?.kind === 'word' && !t.quoted && t.raw === word;
  }

  private skipNewlines(): void {
    while (this.peek()?.kind === 'newline') this.i++;
  }

  /** list := and_or ((';' | '&' | newline) and_or)*, stopping at any of `terminators`. */
  list(terminators: string[]): CommandList {
    const out: CommandList = [];
    this.skipNewlines();
    while (!this.atEnd() && !terminators.some((w) => this.isReserved(w))) {
      out.push(this.andOr());
      const t = this.peek();
      if (t?.kind === 'newline' || (t?.kind === 'op' && (t.op === ';' || t.op === '&') && t.ioNumber === undefined)) {
        this.i++;
        this.skipNewlines();
        continue;
      }
      break;
    }
    return out;
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    while (this.isOp('&&') || this.isOp('||')) {
      const op = (this.peek() as { op: '&&' | '||' }).op;
      this.i++;
      this.skipNewlines();
      rest.push({ op, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    let negate = false;
    if (this.isReserved('!')) {
      negate = true;
      this.i++;
    }
    const commands: Command[] = [this.command()];
    while (this.isOp('|')) {
      this.i++;
      this.skipNewlines();
      commands.push(this.command());
    }
    return { negate, commands };
  }

  private command(): Command {
    if (this.isReserved('while')) {
      this.i++;
      const condition = this.list(['do']);
      if (!this.isReserved('do')) throw new ShellSyntaxError(`syntax error: '${this.describe()}' unexpected`);
      this.i++;
      const body = this.list(['done']);
      if (!this.isReserved('done')) throw new ShellSyntaxError(`syntax error: '${this.describe()}' unexpected`);
      this.i++;
      return { type: 'while', condition, body, redirects: this.redirects() };
    }
    return this.simple();
  }

  private redirects(): Redirect[] {
    const out: Redirect[] = [];
    for (;;) {
      const r = this.redirect();
      if (!r) return out;
      out.push(r);
    }
  }

  private redirect(): Redirect | null {
    const t = this.peek();
    if (t?.kind !== 'op' || !['>', '>>', '<', '>&'].includes(t.op)) return null;
    this.i++;
    const target = this.peek();
    if (target?.kind !== 'word') throw new ShellSyntaxError(`syntax error: '${this.describe()}' unexpected`);
    this.i++;
    const op = t.op as Redirect['op'];
    return { fd: t.ioNumber ?? (op === '<' ? 0 : 1), op, target: target.word };
  }

  private simple(): SimpleCommand {
    const cmd: SimpleCommand = { type: 'simple', assigns: [], words: [], redirects: [] };
    for (;;) {
      const r = this.redirect();
      if (r) {
        cmd.redirects.push(r);
        continue;
      }
      const t = this.peek();
      if (t?.kind !== 'word') break;
      if (cmd.words.length === 0 && !t.quoted && RESERVED.has(t.raw)) {
        throw new ShellSyntaxError(`syntax error: '${t.raw}' unexpected`);
      }
      const assign = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(t.raw);
      const first = t.word[0];
      if (cmd.words.length === 0 && assign && first && 'lit' in first && first.lit.startsWith(assign[0])) {
        const value = [{ lit: first.lit.slice(assign[0].length) }, ...t.word.slice(1)];
        cmd.assigns.push({ name: assign[1]!, value });
      } else {
        cmd.words.push(t.word);
      }
      this.i++;
    }
    if (cmd.words.length === 0 && cmd.assigns.length === 0 && cmd.redirects.length === 0) {
      throw new ShellSyntaxError(`syntax error: '${this.describe()}' unexpected`);
    }
    return cmd;
  }
}
