import type { ServedDevice, ShellIO, FramebufferImage } from '../protocol/device-port.js';
import type { AppDefinition, Locale } from '../apps/types.js';
import type { CommandFn } from '../shell/interpreter.js';
import { ShellSession } from '../shell/interpreter.js';
import { coreutils } from '../shell/coreutils.js';
import { PhoneModel } from './phone.js';
import { composeFrame } from './frame.js';
import { renderSvg } from '../ui/svg.js';
import { renderXml } from '../ui/xml.js';
import { Rasterizer } from '../ui/raster.js';
import { SCREEN_W, SCREEN_H } from '../ui/theme.js';
import { inputCommand } from './commands/input-cmd.js';
import { amCommand, monkeyCommand, pmCommand } from './commands/activity-cmd.js';
import { dumpsysCommand } from './commands/dumpsys-cmd.js';
import { contentCommand } from './commands/content-cmd.js';
import { settingsCommand, imeCommand } from './commands/settings-cmd.js';
import { getpropCommand, screencapCommand, uiautomatorCommand, logcatCommand } from './commands/system-cmd.js';
import { uimodeCommand, wmCommand } from './display-commands.js';
import type { Capture } from './commands/system-cmd.js';
import { cmdCommand } from './commands/vphone-cmd.js';
import type { TimingProfile } from './profile.js';
import { INSTANT_PROFILE, PhoneTiming, swipeDurationMs } from './profile.js';
import { ProcessTable } from './processes.js';
import type { SocketHandler } from './processes.js';
import { Touchscreen } from './touchscreen.js';
import { geteventCommand } from './commands/getevent-cmd.js';
import { pressCommand, touchCommand } from './commands/touch-cmd.js';
import { appProcessCommand, execCommand, killCommand, pidofCommand } from './programs/process-cmd.js';
import { minicapMain } from './programs/minicap.js';
import type { MinicapHost } from './programs/minicap.js';

/** `getprop` with some properties replaced (a phone of another CPU or Android version). */
function withProps(getprop: CommandFn, props: Record<string, string>): CommandFn {
  if (Object.keys(props).length === 0) return getprop;
  return async (ctx) => {
    const key = ctx.args[0];
    if (key !== undefined && key in props) {
      ctx.out(`${props[key]}\n`);
      return 0;
    }
    let text = '';
    const status = await getprop({ ...ctx, out: (d) => void (text += d.toString()) });
    for (const [k, v] of Object.entries(props))
      text = text.replace(new RegExp(`^\\[${k.replace(/\./g, '\\.')}\\]: \\[.*\\]$`, 'm'), `[${k}]: [${v}]`);
    ctx.out(text);
    return status;
  };
}

/**
 * Commands that only read the phone (no input, no setting, no app state): after them the screen is
 * as the last command left it, so no frame needs drawing. Anything else, builtins aside, counts as input.
 */
const LOOKS_ONLY = new Set(['screencap', 'uiautomator', 'dumpsys', 'getprop', 'echo', 'cat', 'ls', 'pidof', 'true']);

/** A phone as the ADB server sees it: the model, its shell, and captures from the shared renderer. */
export class VirtualPhone implements ServedDevice {
  /** The phone's state; `model` (below) is the marketing name adb reports. */
  readonly phone: PhoneModel;
  readonly product = 'vphone';
  readonly model = 'vPhone 6';
  readonly deviceName = 'vphone';
  private readonly raster = new Rasterizer();
  private readonly commands: Record<string, CommandFn>;
  /** Delays and failures of the chosen timing profile (none for `instant`). */
  readonly timing: PhoneTiming;
  /** Programs started over the shell (minicap) and the abstract sockets they listen on. */
  readonly processes = new ProcessTable();
  /** The touchscreen and keys: a person's finger (`cmd vphone touch`), what `getevent` reads. */
  readonly touch: Touchscreen;
  private readonly screenListeners = new Set<() => void>();

  constructor(
    readonly serial: string,
    readonly transportId: number,
    locale: Locale,
    seed: number,
    apps: AppDefinition<unknown>[],
    frozenClockMs?: number,
    profile: TimingProfile = INSTANT_PROFILE,
    props: Record<string, string> = {},
  ) {
    this.phone = new PhoneModel(locale, seed, serial, apps, frozenClockMs);
    this.timing = new PhoneTiming(profile, seed, serial);
    const t = this.timing;
    const cap: Capture = { png: () => this.screenshotPng(), rgba: () => this.screenshotRgba(), xml: () => this.dumpXml() };
    const m = this.phone;
    const base: Record<string, CommandFn> = {
      ...coreutils(m.fs),
      input: t.withInputLatency('input', inputCommand(m), (p) => p.inputMs, swipeDurationMs),
      // `am start` launches an app; `am broadcast` is how ADBKeyboard types: both are inputs.
      am: t.withInputLatency('am', amCommand(m), (p, ctx) =>
        ctx.args[0] === 'start' ? p.launchMs : ctx.args[0] === 'broadcast' ? p.inputMs : null,
      ),
      monkey: t.withInputLatency('monkey', monkeyCommand(m), (p) => p.launchMs),
      pm: t.withDelay(pmCommand(m), (p) => p.providerMs),
      content: t.withDelay(contentCommand(m), (p) => p.providerMs),
      dumpsys: t.withDelay(dumpsysCommand(m), (p) => p.serviceMs),
      settings: t.withDelay(settingsCommand(m), (p) => p.serviceMs),
      ime: imeCommand(m),
      wm: wmCommand(m),
      getprop: withProps(getpropCommand(m), props),
      screencap: t.withDelay(screencapCommand(m, cap), (p) => p.screencapMs),
      uiautomator: t.withDumpBehaviour(uiautomatorCommand(m, cap)),
      logcat: logcatCommand(),
    };
    const services: Record<string, CommandFn> = {
      package: base.pm!,
      activity: base.am!,
      input: base.input!,
      settings: base.settings!,
      input_method: base.ime!,
      uimode: uimodeCommand(m),
    };
    this.touch = new Touchscreen(m, () => this.screenChanged());
    const minicap: MinicapHost = {
      processes: this.processes,
      svg: () => this.svg(),
      onScreenChange: (fn) => this.onScreenChange(fn),
      frameDelayMs: () => (t.profile.name === 'instant' ? 0 : t.draw(t.profile.streamFrameMs)),
    };
    // A service's commands take a binder call's time; the finger and keys below are the phone's own.
    const cmd = t.withDelay(cmdCommand(m, services), (p) => p.serviceMs);
    const touchCmd = touchCommand(m, this.touch);
    const pressCmd = pressCommand(this.touch);
    const lookup = (name: string): CommandFn | undefined => this.commands[name.replace(/^\/system\/bin\//, '')];
    this.commands = {
      ...base,
      cmd: (ctx) => {
        // The finger and the keys are the phone's own hardware, not a system service's commands.
        const [service, sub, ...rest] = ctx.args;
        if (service === 'vphone' && sub === 'touch') return touchCmd({ ...ctx, args: rest });
        if (service === 'vphone' && sub === 'press') return pressCmd({ ...ctx, args: rest });
        return cmd(ctx);
      },
      getevent: geteventCommand(this.touch),
      app_process: appProcessCommand(m.fs, { 'io.devicefarmer.minicap.Main': (ctx, args) => minicapMain(minicap, ctx, args) }),
      exec: execCommand(lookup),
      kill: killCommand(this.processes),
      pidof: pidofCommand(this.processes),
    };
  }

  /** Listens for "the screen may have changed" (after every command and touch). */
  onScreenChange(fn: () => void): () => void {
    this.screenListeners.add(fn);
    return () => this.screenListeners.delete(fn);
  }

  private screenChanged(): void {
    for (const l of this.screenListeners) l();
  }

  /** A program's socket in the abstract namespace (`localabstract:NAME`), if one listens there. */
  connectAbstract(name: string): SocketHandler | undefined {
    return this.processes.connect(name);
  }

  get fs() {
    return this.phone.fs;
  }

  async runShell(command: string, io: ShellIO): Promise<number> {
    let input = false;
    const lookup = (name: string): CommandFn | undefined => {
      const bare = name.replace(/^\/system\/bin\//, '');
      if (!LOOKS_ONLY.has(bare)) input = true;
      return this.commands[bare];
    };
    const session = new ShellSession(
      { fs: this.phone.fs, lookup },
      {
        PATH: '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/vendor/bin',
        HOME: '/',
        EXTERNAL_STORAGE: '/sdcard',
        ANDROID_DATA: '/data',
        USER: 'shell',
        HOSTNAME: 'vphone',
      },
    );
    const code = await session.run(command, io.write, io.signal);
    // A real screen draws the next frame right after input; screens that note being seen (an opened
    // place, a viewed order) must do so then, not only when someone happens to take a dump. A
    // command that only looks (each capture's screenshot, dump and window query) changed nothing to draw.
    if (input) composeFrame(this.phone);
    this.screenChanged();
    return code;
  }

  /** The SVG of the current screen; also the cache key for PNGs. */
  svg(): string {
    return renderSvg(composeFrame(this.phone).windows);
  }

  dumpXml(): string {
    return renderXml(composeFrame(this.phone).active);
  }

  screenshotPng(): Promise<Buffer> {
    return this.raster.toPng(this.svg());
  }

  screenshotRgba(): Promise<Buffer> {
    return this.raster.toRgba(this.svg());
  }

  async framebuffer(): Promise<FramebufferImage> {
    return { width: SCREEN_W, height: SCREEN_H, pixels: await this.screenshotRgba() };
  }

  dispose(): void {
    this.raster.clear();
  }
}
