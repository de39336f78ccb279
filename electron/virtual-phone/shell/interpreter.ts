import type { AndOr, Command, CommandList, Redirect, Word } from './ast.js';
import { ShellSyntaxError } from './ast.js';
import { parseShell } from './parser.js';
import type { VirtualFs } from '../device/fs.js';

/**
 * Executes parsed device-shell programs. Commands are plain functions looked up by name; anything
 * unknown fails with mksh's "inaccessible or not found" and status 127, as on a phone.
 */
export interface CommandContext {
  name: string;
  args: string[];
  stdin: Buffer;
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
  env: Map<string, string>;
  signal: AbortSignal;
}

export type CommandFn = (ctx: CommandContext) => number | Promise<number>;

export interface ShellHost {
  fs: VirtualFs;
  lookup(name: string): CommandFn | undefined;
}

type Sink = (data: Buffer | string) => void;

const SH = '/system/bin/sh';

export class ShellSession {
  private status = 0;
  readonly env: Map<string, string>;

  constructor(
    private readonly host: ShellHost,
    baseEnv: Record<string, string>,
  ) {
    this.env = new Map(Object.entries(baseEnv));
  }

  /** Runs one `shell:` payload; stdout and stderr both go to `write` (v1 merges them). */
  async run(src: string, write: Sink, signal: AbortSignal): Promise<number> {
    let program: CommandList;
    try {
      program = parseShell(src);
    } catch (e) {
      if (e instanceof ShellSyntaxError) {
        write(`${SH}: ${e.message}\n`);
        return (this.status = 2);
      }
      throw e;
    }
    return this.runList(program, write, write, signal);
  }

  private async runList(list: CommandList, out: Sink, err: Sink, signal: AbortSignal): Promise<number> {
    for (const item of list) {
      if (signal.aborted) break;
      this.status = await this.runAndOr(item, out, err, signal);
    }
    return this.status;
  }

  private async runAndOr(item: AndOr, out: Sink, err: Sink, signal: AbortSignal): Promise<number> {
    let status = await this.runPipeline(item.first, out, err, signal);
    for (const { op, pipeline } of item.rest) {
      if ((op === '&&' && status !== 0) || (op === '||' && status === 0)) continue;
      status = await this.runPipeline(pipeline, out, err, signal);
    }
    return status;
  }

  private async runPipeline(p: AndOr['first'], out: Sink, err: Sink, signal: AbortSignal): Promise<number> {
    let stdin: Buffer = Buffer.alloc(0);
    let status = 0;
    for (let i = 0; i < p.commands.length; i++) {
      const last = i === p.commands.length - 1;
      // A pipe's contents are held in memory between stages: never more than the phone's storage.
      const collected = new BoundedBuffer(this.host.fs.capacity);
      const sink: Sink = last ? out : (d) => collected.push(d);
      status = await this.runCommand(p.commands[i]!, stdin, sink, err, signal);
      if (collected.overflowed) {
        err(`${SH}: write error: No space left on device\n`);
        status = 1;
      }
      stdin = collected.bytes();
    }
    this.status = p.negate ? (status === 0 ? 1 : 0) : status;
    return this.status;
  }

  private expand(word: Word): string {
    return word
      .map((part) => {
        if ('lit' in part) return part.lit;
        if (part.variable === '?') return String(this.status);
        if (part.variable === '$') return '4242';
        return this.env.get(part.variable) ?? '';
      })
      .join('');
  }

  private async runCommand(cmd: Command, stdin: Buffer, out: Sink, err: Sink, signal: AbortSignal): Promise<number> {
    const io = this.applyRedirects(cmd.redirects, stdin, out, err);
    if (typeof io === 'number') return io;
    let status: number;
    try {
      status = await this.execute(cmd, io, signal);
    } finally {
      // A redirect that ran out of storage fails the command, as a write error does on a phone.
      if (!io.flush()) {
        err(`${SH}: write error: No space left on device\n`);
        status = 1;
      }
    }
    return status;
  }

  private async execute(cmd: Command, io: { stdin: Buffer; out: Sink; err: Sink }, signal: AbortSignal): Promise<number> {
    if (cmd.type === 'while') return await this.runWhile(cmd.condition, cmd.body, io.out, io.err, signal);
    const words = cmd.words.map((w) => this.expand(w));
    const assigns = cmd.assigns.map((a) => [a.name, this.expand(a.value)] as const);
    if (words.length === 0) {
      for (const [k, v] of assigns) this.env.set(k, v);
      return 0;
    }
    const name = words[0]!;
    const fn = this.host.lookup(name);
    if (!fn) {
      io.err(`${SH}: ${name}: inaccessible or not found\n`);
      return 127;
    }
    const env = new Map(this.env);
    for (const [k, v] of assigns) env.set(k, v);
    return await fn({ name, args: words.slice(1), stdin: io.stdin, out: io.out, err: io.err, env, signal });
  }

  private async runWhile(cond: CommandList, body: CommandList, out: Sink, err: Sink, signal: AbortSignal): Promise<number> {
    let status = 0;
    // Bounded so a client that never hangs up cannot spin the server forever.
    for (let n = 0; n < 100_000 && !signal.aborted; n++) {
      if ((await this.runList(cond, out, err, signal)) !== 0) break;
      status = await this.runList(body, out, err, signal);
      await new Promise((r) => setImmediate(r)); // stay responsive to other clients
    }
    return status;
  }

  private applyRedirects(
    redirects: Redirect[],
    stdin: Buffer,
    out: Sink,
    err: Sink,
  ): number | { stdin: Buffer; out: Sink; err: Sink; flush(): boolean } {
    const files: Array<{ path: string; data: BoundedBuffer }> = [];
    const sinks: Record<number, Sink> = { 1: out, 2: err };
    let input = stdin;
    for (const r of redirects) {
      const target = this.expand(r.target);
      if (r.op === '>&') {
        const fd = Number(target);
        if (sinks[fd]) sinks[r.fd] = sinks[fd]!;
        continue;
      }
      if (r.op === '<') {
        const data = this.host.fs.read(target);
        if (!data) {
          err(`${SH}: can't open ${target}: No such file or directory\n`);
          return 1;
        }
        input = data;
        continue;
      }
      if (target === '/dev/null') {
        sinks[r.fd] = () => {};
        continue;
      }
      if (target === '/dev/tty' || target === '/dev/stdout') {
        sinks[r.fd] = out;
        continue;
      }
      if (!this.host.fs.parentExists(target) || this.host.fs.stat(target)?.kind === 'dir') {
        err(`${SH}: can't create ${target}: ${this.host.fs.stat(target) ? 'Is a directory' : 'No such file or directory'}\n`);
        return 1;
      }
      const fs = this.host.fs;
      if (r.op !== '>>') fs.write(target, Buffer.alloc(0));
      // What the command writes is held until it ends, and never more than storage has room for.
      const f = { path: target, data: new BoundedBuffer(fs.free) };
      files.push(f);
      sinks[r.fd] = (d) => f.data.push(d);
    }
    return {
      stdin: input,
      out: sinks[1]!,
      err: sinks[2]!,
      flush: () => {
        let ok = true;
        for (const f of files) {
          const prev = this.host.fs.read(f.path) ?? Buffer.alloc(0);
          if (this.host.fs.write(f.path, Buffer.concat([prev, f.data.bytes()])) !== 'ok' || f.data.overflowed) ok = false;
        }
        return ok;
      },
    };
  }
}

/** Bytes collected up to a limit; what comes after is dropped and remembered as an overflow. */
class BoundedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  overflowed = false;

  constructor(private readonly limit: number) {}

  push(d: Buffer | string): void {
    const b = typeof d === 'string' ? Buffer.from(d) : d;
    const room = this.limit - this.size;
    if (b.length > room) {
      this.overflowed = true;
      if (room <= 0) return;
      this.chunks.push(b.subarray(0, room));
      this.size = this.limit;
      return;
    }
    this.chunks.push(b);
    this.size += b.length;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}
