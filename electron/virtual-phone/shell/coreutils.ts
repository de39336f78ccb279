import type { CommandContext, CommandFn } from './interpreter.js';
import type { VirtualFs } from '../device/fs.js';

/** toybox-style file and text utilities, with toybox's error wording. */

function text(ctx: CommandContext): string {
  return ctx.stdin.toString('utf8');
}

function flags(args: string[], known: string): { opts: Set<string>; rest: string[] } {
  const opts = new Set<string>();
  const rest: string[] = [];
  let done = false;
  for (const a of args) {
    if (!done && a === '--') done = true;
    else if (!done && /^-[A-Za-z]+$/.test(a) && [...a.slice(1)].every((c) => known.includes(c))) {
      for (const c of a.slice(1)) opts.add(c);
    } else rest.push(a);
  }
  return { opts, rest };
}

export function sleepFor(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });
}

function grep(ctx: CommandContext): number {
  const args = [...ctx.args];
  const opts = new Set<string>();
  let pattern: string | undefined;
  while (args.length > 0 && args[0]!.startsWith('-') && args[0] !== '-') {
    const a = args.shift()!;
    if (a === '-e') pattern = args.shift();
    else for (const c of a.slice(1)) opts.add(c);
  }
  if (pattern === undefined) pattern = args.shift();
  if (pattern === undefined) {
    ctx.err('usage: grep [-abcEFHhIiLlnoqrsvwxZz] [-e REGEX]... [REGEX] [FILE]...\n');
    return 2;
  }
  let source = opts.has('F')
    ? pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    : opts.has('E')
      ? pattern
      : pattern.replace(/\\([|(){}+?])|([|(){}+?])/g, (_m, esc: string | undefined, bare: string | undefined) => esc ?? `\\${bare}`);
  if (opts.has('w')) source = `\\b(?:${source})\\b`;
  let re: RegExp;
  try {
    re = new RegExp(source, opts.has('i') ? 'i' : '');
  } catch {
    ctx.err(`grep: bad regex '${pattern}'\n`);
    return 2;
  }
  const lines = text(ctx).split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const hits = lines.filter((l) => re.test(l) !== opts.has('v'));
  if (opts.has('q')) return hits.length > 0 ? 0 : 1;
  if (opts.has('c')) ctx.out(`${hits.length}\n`);
  else for (const h of hits) ctx.out(h + '\n');
  return hits.length > 0 ? 0 : 1;
}

function headTail(which: 'head' | 'tail'): CommandFn {
  return (ctx) => {
    let n = 10;
    const rest: string[] = [];
    for (let i = 0; i < ctx.args.length; i++) {
      const a = ctx.args[i]!;
      if (a === '-n') n = Number(ctx.args[++i]);
      else if (/^-\d+$/.test(a)) n = Number(a.slice(1));
      else rest.push(a);
    }
    const lines = text(ctx).split('\n');
    if (lines[lines.length - 1] === '') lines.pop();
    const pick = which === 'head' ? lines.slice(0, n) : lines.slice(Math.max(0, lines.length - n));
    ctx.out(pick.map((l) => l + '\n').join(''));
    return 0;
  };
}

export function coreutils(fs: VirtualFs): Record<string, CommandFn> {
  return {
    echo: (ctx) => {
      let args = ctx.args;
      let newline = true;
      if (args[0] === '-n') {
        newline = false;
        args = args.slice(1);
      }
      ctx.out(args.join(' ') + (newline ? '\n' : ''));
      return 0;
    },
    true: () => 0,
    false: () => 1,
    sleep: async (ctx) => {
      const secs = Number(ctx.args[0]);
      if (!Number.isFinite(secs) || secs < 0) {
        ctx.err(`sleep: invalid number '${ctx.args[0] ?? ''}'\n`);
        return 1;
      }
      await sleepFor(secs * 1000, ctx.signal);
      return 0;
    },
    cat: (ctx) => {
      if (ctx.args.length === 0) {
        ctx.out(ctx.stdin);
        return 0;
      }
      let status = 0;
      for (const p of ctx.args) {
        const e = fs.stat(p);
        if (!e) {
          ctx.err(`cat: ${p}: No such file or directory\n`);
          status = 1;
        } else if (e.kind === 'dir') {
          ctx.err(`cat: ${p}: Is a directory\n`);
          status = 1;
        } else ctx.out(e.data);
      }
      return status;
    },
    ls: (ctx) => {
      const { opts, rest } = flags(ctx.args, 'laA1dhR');
      const targets = rest.length > 0 ? rest : ['/'];
      let status = 0;
      for (const t of targets) {
        const e = fs.stat(t);
        if (!e) {
          ctx.err(`ls: ${t}: No such file or directory\n`);
          status = 1;
          continue;
        }
        const names = e.kind === 'dir' && !opts.has('d') ? (fs.list(t) ?? []) : [t];
        if (targets.length > 1 && e.kind === 'dir') ctx.out(`${t}:\n`);
        for (const n of names) {
          if (!opts.has('l')) {
            ctx.out(n + '\n');
            continue;
          }
          const full = e.kind === 'dir' && !opts.has('d') ? `${t.replace(/\/$/, '')}/${n}` : t;
          const s = fs.stat(full)!;
          const perm =
            (s.kind === 'dir' ? 'd' : '-') +
            [6, 3, 0]
              .map((sh) => {
                const b = (s.mode >> sh) & 7;
                return (b & 4 ? 'r' : '-') + (b & 2 ? 'w' : '-') + (b & 1 ? 'x' : '-');
              })
              .join('');
          const d = new Date(s.mtime * 1000).toISOString();
          ctx.out(`${perm} 1 root sdcard_rw ${s.data.length} ${d.slice(0, 10)} ${d.slice(11, 16)} ${n}\n`);
        }
      }
      return status;
    },
    touch: (ctx) => {
      let status = 0;
      for (const p of ctx.args.filter((a) => !a.startsWith('-'))) {
        if (fs.touch(p) !== 'ok') {
          ctx.err(`touch: '${p}': No such file or directory\n`);
          status = 1;
        }
      }
      return status;
    },
    mkdir: (ctx) => {
      const { opts, rest } = flags(ctx.args, 'p');
      let status = 0;
      for (const p of rest) {
        const r = fs.mkdir(p);
        if (r === 'EEXIST' && opts.has('p')) continue;
        if (r !== 'ok') {
          ctx.err(`mkdir: '${p}': ${r === 'EEXIST' ? 'File exists' : 'No such file or directory'}\n`);
          status = 1;
        }
      }
      return status;
    },
    rm: (ctx) => {
      const { opts, rest } = flags(ctx.args, 'rRfvi');
      let status = 0;
      for (const p of rest) {
        const r = fs.remove(p, opts.has('r') || opts.has('R'));
        if (r === 'ENOENT' && opts.has('f')) continue;
        if (r !== 'ok') {
          ctx.err(`rm: ${r === 'EISDIR' ? `Is a directory '${p}'` : `${p}: No such file or directory`}\n`);
          status = 1;
        }
      }
      return status;
    },
    grep,
    head: headTail('head'),
    tail: headTail('tail'),
    wc: (ctx) => {
      const t = text(ctx);
      const lines = (t.match(/\n/g) ?? []).length;
      ctx.out(ctx.args.includes('-l') ? `${lines}\n` : `${lines} ${t.split(/\s+/).filter(Boolean).length} ${Buffer.byteLength(t)}\n`);
      return 0;
    },
  };
}
