import type { CommandFn } from '../../shell/interpreter.js';
import type { PhoneModel } from '../phone.js';
import { sleepFor } from '../../shell/coreutils.js';
import { SCREEN_W, SCREEN_H, DENSITY_DPI } from '../../ui/theme.js';
import { FS_ERROR_TEXT } from '../fs.js';

/** `wm`, `getprop`, `screencap`, `uiautomator`, `logcat`: device facts and captures. */
export interface Capture {
  png(): Promise<Buffer>;
  rgba(): Promise<Buffer>;
  xml(): string;
}

export function properties(phone: PhoneModel): Record<string, string> {
  return {
    'ro.product.model': 'vPhone 6',
    'ro.product.brand': 'ElderBench',
    'ro.product.manufacturer': 'ElderBench',
    'ro.product.name': 'vphone',
    'ro.product.device': 'vphone',
    'ro.product.cpu.abi': 'arm64-v8a',
    'ro.build.version.sdk': '34',
    'ro.build.version.release': '14',
    'ro.build.id': 'UQ1A.240105.004',
    'ro.build.type': 'userdebug',
    'ro.build.fingerprint': 'ElderBench/vphone/vphone:14/UQ1A.240105.004/1:userdebug/test-keys',
    // An emulated phone says so, as Android's emulator does (apps and tools read these).
    ...(phone.reportsEmulator ? { 'ro.kernel.qemu': '1', 'ro.boot.qemu': '1' } : {}),
    'ro.serialno': phone.serial,
    'ro.sf.lcd_density': String(DENSITY_DPI),
    'persist.sys.locale': phone.locale === 'zh' ? 'zh-CN' : 'en-US',
    'persist.sys.timezone': phone.timeZone,
    'sys.boot_completed': '1',
    'dev.bootcomplete': '1',
    'init.svc.adbd': 'running',
  };
}

export function getpropCommand(phone: PhoneModel): CommandFn {
  return (ctx) => {
    const props = properties(phone);
    const key = ctx.args[0];
    if (key !== undefined) ctx.out(`${props[key] ?? ctx.args[1] ?? ''}\n`);
    else for (const k of Object.keys(props).sort()) ctx.out(`[${k}]: [${props[k]}]\n`);
    return 0;
  };
}

export function screencapCommand(phone: PhoneModel, cap: Capture): CommandFn {
  return async (ctx) => {
    let png = false;
    let file: string | undefined;
    for (let i = 0; i < ctx.args.length; i++) {
      const a = ctx.args[i]!;
      if (a === '-p') png = true;
      else if (a === '-d') i++;
      else if (a === '-h') {
        ctx.err(
          'usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the physical display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n',
        );
        return 0;
      } else if (!a.startsWith('-')) file = a;
    }
    if (file?.endsWith('.png')) png = true;
    let data: Buffer;
    if (png) data = await cap.png();
    else {
      const header = Buffer.alloc(16);
      header.writeUInt32LE(SCREEN_W, 0);
      header.writeUInt32LE(SCREEN_H, 4);
      header.writeUInt32LE(1, 8); // PIXEL_FORMAT_RGBA_8888
      header.writeUInt32LE(0, 12);
      data = Buffer.concat([header, await cap.rgba()]);
    }
    if (file) {
      const res = phone.fs.write(file, data);
      if (res !== 'ok') {
        ctx.err(`Error opening file: ${file} (${FS_ERROR_TEXT[res]})\n`);
        return 1;
      }
    } else ctx.out(data);
    return 0;
  };
}

export function uiautomatorCommand(phone: PhoneModel, cap: Capture): CommandFn {
  return (ctx) => {
    const [sub, ...rest] = ctx.args;
    if (sub !== 'dump') {
      ctx.out(
        'Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\nruntest: executes UI automation tests\n\ndump: creates an XML dump of current UI hierarchy\n\nevents: prints out accessibility events until terminated\n',
      );
      return sub === undefined || sub === 'help' ? 0 : 1;
    }
    const file = rest.filter((a) => !a.startsWith('--')).pop() ?? '/sdcard/window_dump.xml';
    const xml = cap.xml();
    if (file === '/dev/tty' || file === '/dev/stdout') ctx.out(xml);
    else {
      const res = phone.fs.write(file, Buffer.from(xml, 'utf8'));
      if (res !== 'ok') {
        const ex = res === 'ENOSPC' ? 'java.io.IOException' : 'java.io.FileNotFoundException';
        ctx.err(`ERROR: could not write ${file}: ${ex}: ${file}: open failed: ${res} (${FS_ERROR_TEXT[res]})\n`);
        return 1;
      }
    }
    ctx.out(`UI hierchary dumped to: ${file}\n`);
    return 0;
  };
}

/** Log buffers are empty; a streaming logcat stays open (like a device) until the client hangs up. */
export function logcatCommand(): CommandFn {
  return async (ctx) => {
    if (ctx.args.includes('-c') || ctx.args.includes('-d') || ctx.args.includes('-g')) return 0;
    await sleepFor(24 * 3600 * 1000, ctx.signal);
    return 0;
  };
}
