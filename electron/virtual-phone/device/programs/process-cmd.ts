import type { CommandContext, CommandFn } from '../../shell/interpreter.js';
import type { VirtualFs } from '../fs.js';
import type { ProcessTable } from '../processes.js';

/**
 * `app_process` (how tools pushed as an APK run: minicap.apk, scrcpy-server), `exec`, `kill` and
 * `pidof`. The phone cannot run dex code, so app_process runs a class only when the classpath
 * names a pushed APK (a zip holding `classes.dex`) and the class is one the phone knows how to
 * play; anything else fails the way a missing class does on a device.
 */
export type JavaMain = (ctx: CommandContext, args: string[]) => Promise<number>;

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isDexArchive(data: Buffer | null | undefined): boolean {
  return !!data && data.length > 4 && data.subarray(0, 4).equals(ZIP_MAGIC) && data.includes('classes.dex');
}

export function appProcessCommand(fs: VirtualFs, classes: Record<string, JavaMain>): CommandFn {
  return (ctx) => {
    const args = [...ctx.args];
    while (args[0]?.startsWith('-')) args.shift(); // VM options
    args.shift(); // the command directory, e.g. /system/bin
    while (args[0]?.startsWith('--')) args.shift(); // --nice-name=… and friends
    const cls = args.shift();
    if (!cls) {
      ctx.err('Error: no class name or --zygote supplied.\n');
      return 1;
    }
    const classpath = (ctx.env.get('CLASSPATH') ?? '').split(':').filter(Boolean);
    const main = classes[cls];
    if (!main || !classpath.some((p) => isDexArchive(fs.read(p)))) {
      const path = classpath.map((p) => `zip file "${p}"`).join(',');
      ctx.err(
        `Exception in thread "main" java.lang.ClassNotFoundException: Didn't find class "${cls}" on path: DexPathList[[${path}],nativeLibraryDirectories=[/system/lib64, /system_ext/lib64]]\n`,
      );
      return 1;
    }
    return main(ctx, args);
  };
}

/** `exec CMD ARGS…`: the shell replaces itself with the command (here: just runs it, with its environment). */
export function execCommand(lookup: (name: string) => CommandFn | undefined): CommandFn {
  return (ctx) => {
    const [name, ...args] = ctx.args;
    if (!name) return 0;
    const fn = lookup(name);
    if (!fn) {
      ctx.err(`/system/bin/sh: exec: ${name}: inaccessible or not found\n`);
      return 127;
    }
    return fn({ ...ctx, name, args });
  };
}

export function killCommand(procs: ProcessTable): CommandFn {
  return (ctx) => {
    const pids = ctx.args.filter((a, i) => !a.startsWith('-') && ctx.args[i - 1] !== '-s');
    if (pids.length === 0) {
      ctx.err('usage: kill [-l [SIGNAL...]] [-SIGNAL|-s SIGNAL] PID...\n');
      return 1;
    }
    let status = 0;
    for (const p of pids) {
      if (!procs.kill(Number(p))) {
        ctx.err(`kill: ${p}: No such process\n`);
        status = 1;
      }
    }
    return status;
  };
}

export function pidofCommand(procs: ProcessTable): CommandFn {
  return (ctx) => {
    const pids = ctx.args.flatMap((n) => procs.pidsOf(n.replace(/^.*\//, '')));
    if (pids.length === 0) return 1;
    ctx.out(pids.join(' ') + '\n');
    return 0;
  };
}
