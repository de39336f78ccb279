import { describe, it, expect } from 'vitest';
import { ShellSession } from './interpreter.js';
import type { CommandFn } from './interpreter.js';
import { coreutils } from './coreutils.js';
import { VirtualFs } from '../device/fs.js';

// The device shell must split and quote exactly like mksh, so app quoting bugs surface in tests.
function shell() {
  const fs = new VirtualFs(() => 0);
  const calls: string[][] = [];
  const record: CommandFn = (ctx) => {
    calls.push([ctx.name, ...ctx.args]);
    return 0;
  };
  const cmds: Record<string, CommandFn> = {
    ...coreutils(fs),
    input: record,
    am: record,
    env: (ctx) => {
      ctx.out(`${ctx.env.get('FOO') ?? ''}\n`);
      return 0;
    },
  };
  const session = new ShellSession({ fs, lookup: (n) => cmds[n] }, { EXTERNAL_STORAGE: '/sdcard' });
  const run = async (src: string) => {
    let out = '';
    const status = await session.run(src, (d) => (out += d.toString()), new AbortController().signal);
    return { out, status };
  };
  return { fs, calls, run };
}

describe('device shell parsing', () => {
  it('keeps a quoted ; inside one argument', async () => {
    const s = shell();
    await s.run("input text 'a;touch /sdcard/x'");
    expect(s.calls).toEqual([['input', 'text', 'a;touch /sdcard/x']]);
    expect(s.fs.stat('/sdcard/x')).toBeUndefined();
  });

  it('runs the second command after an unquoted ;', async () => {
    const s = shell();
    await s.run('input text a;touch /sdcard/x');
    expect(s.calls).toEqual([['input', 'text', 'a']]);
    expect(s.fs.stat('/sdcard/x')?.kind).toBe('file');
  });

  it("decodes adbkit's '\"'\"' quoting and backslash escapes", async () => {
    const s = shell();
    await s.run(`input text 'it'"'"'s' a\\ b "x\\"y" \\$HOME`);
    expect(s.calls[0]).toEqual(['input', 'text', "it's", 'a b', 'x"y', '$HOME']);
  });

  it('expands variables outside single quotes only', async () => {
    const s = shell();
    expect((await s.run(`echo $EXTERNAL_STORAGE "$EXTERNAL_STORAGE/x" '$EXTERNAL_STORAGE' \${EXTERNAL_STORAGE}y $NOPE.`)).out).toBe(
      '/sdcard /sdcard/x $EXTERNAL_STORAGE /sdcardy .\n',
    );
  });

  it('honours && and || by exit status', async () => {
    const s = shell();
    expect((await s.run('false && echo no; true && echo yes; false || echo alt')).out).toBe('yes\nalt\n');
    expect((await s.run('nope && echo never')).out).toBe('/system/bin/sh: nope: inaccessible or not found\n');
  });

  it('pipes into grep and redirects stderr to /dev/null', async () => {
    const s = shell();
    expect((await s.run('echo versionName=14 | grep versionName')).out).toBe('versionName=14\n');
    expect((await s.run('cat /nope 2>/dev/null; echo $?')).out).toBe('1\n');
    expect((await s.run('cat /nope')).out).toBe('cat: /nope: No such file or directory\n');
  });

  it('writes and appends files with > and >>', async () => {
    const s = shell();
    await s.run('echo one > /sdcard/f.txt; echo two >> /sdcard/f.txt');
    expect(s.fs.read('/sdcard/f.txt')?.toString()).toBe('one\ntwo\n');
    expect(s.fs.read('/storage/emulated/0/f.txt')?.toString()).toBe('one\ntwo\n');
  });

  it('passes env prefixes to one command only', async () => {
    const s = shell();
    expect((await s.run('FOO=bar env; env')).out).toBe('bar\n\n');
  });

  it('runs while loops (adbkit waitBootComplete)', async () => {
    const s = shell();
    await s.run('touch /sdcard/flag; while cat /sdcard/flag; do rm /sdcard/flag; done');
    expect(s.fs.stat('/sdcard/flag')).toBeUndefined();
  });

  it('reports syntax errors like mksh', async () => {
    const s = shell();
    expect((await s.run("echo 'unterminated")).out).toBe('/system/bin/sh: no closing quote\n');
    expect((await s.run('echo a && && echo b')).out).toBe("/system/bin/sh: syntax error: '&&' unexpected\n");
    expect((await s.run('| echo')).out).toBe("/system/bin/sh: syntax error: '|' unexpected\n");
  });

  it('ignores comments and keeps # inside words', async () => {
    const s = shell();
    expect((await s.run('echo a#b # comment')).out).toBe('a#b\n');
  });
});
