import { Adb } from './adbkit.js';
import type { Duplex } from 'node:stream';
import type { KeyName } from '../../../shared/domain/action.js';
import type { DeviceInfo, DevicePort, Foreground, PixelPoint } from '../../core/device/device-port.js';
import { DeviceError } from '../../core/device/device-port.js';
import { parseForeground } from '../../core/device/foreground.js';
import { ADB_KEYBOARD_IME, KEYCODES } from '../../core/device/keys.js';
import { inputTextArg, isInputTextSafe, shQuote, utf8Base64 } from '../../core/device/shell-quote.js';

type DeviceClient = ReturnType<ReturnType<typeof Adb.createClient>['getDevice']>;

const DUMP_PATH = '/sdcard/window_dump.xml';
const round = (n: number): number => Math.round(n);

/** DevicePort over adbkit: every command is a `shell:` request on a fresh connection. */
export class AdbDevice implements DevicePort {
  private adbKeyboard: boolean | null = null;

  constructor(
    private readonly dev: DeviceClient,
    readonly serial: string,
  ) {}

  private async run(command: string): Promise<Buffer> {
    try {
      return await Adb.util.readAll((await this.dev.shell(command)) as Duplex);
    } catch (e) {
      const msg = (e as Error).message ?? String(e);
      const gone = /not found|offline|ECONNREFUSED|ECONNRESET|closed/i.test(msg);
      throw new DeviceError(`${this.serial}: ${msg}`, this.serial, gone ? 'disconnected' : 'adb');
    }
  }

  async shell(command: string): Promise<string> {
    return (await this.run(command)).toString('utf8');
  }

  async info(packages: readonly string[] = []): Promise<DeviceInfo> {
    const [props, size, density] = await Promise.all([
      this.shell('getprop'),
      this.shell('wm size'),
      this.shell('wm density'),
    ]);
    const prop = (k: string): string => new RegExp(`^\\[${k.replace(/\./g, '\\.')}\\]: \\[(.*)\\]$`, 'm').exec(props)?.[1] ?? '';
    // An override (set by `wm size WxH`) is what apps and screenshots use.
    const sizes = [...size.matchAll(/(Physical|Override) size: (\d+)x(\d+)/g)];
    const s = sizes.find((m) => m[1] === 'Override') ?? sizes[0];
    if (!s) throw new DeviceError(`${this.serial}: cannot read the screen size from \`wm size\`: ${size.trim()}`, this.serial);
    const versions: Record<string, string | null> = {};
    for (const pkg of packages) {
      const out = await this.shell(`dumpsys package ${shQuote(pkg)} | grep versionName`);
      versions[pkg] = /versionName=(\S+)/.exec(out)?.[1] ?? null;
    }
    return {
      serial: this.serial,
      model: prop('ro.product.model'),
      release: prop('ro.build.version.release'),
      sdk: Number(prop('ro.build.version.sdk')) || 0,
      screen: { width: Number(s[2]), height: Number(s[3]) },
      density: Number(/density: (\d+)/.exec(density)?.[1] ?? 0),
      packageVersions: versions,
    };
  }

  async screenshot(): Promise<Uint8Array> {
    try {
      return await Adb.util.readAll((await this.dev.screencap()) as Duplex);
    } catch (e) {
      throw new DeviceError(`${this.serial}: screenshot failed: ${(e as Error).message}`, this.serial);
    }
  }

  /** One round trip: dump to a file and print it. A busy screen ("could not get idle state") is retried once. */
  async uiDump(): Promise<string> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const out = await this.shell(`uiautomator dump ${DUMP_PATH} >/dev/null && cat ${DUMP_PATH}`);
      const start = out.search(/<\?xml|<hierarchy/);
      if (start >= 0) return out.slice(start).trim();
      if (!/could not get idle state/i.test(out)) {
        throw new DeviceError(`${this.serial}: uiautomator dump failed: ${out.trim().slice(0, 200)}`, this.serial);
      }
    }
    throw new DeviceError(`${this.serial}: uiautomator dump: the screen never became idle`, this.serial, 'timeout');
  }

  async foreground(): Promise<Foreground | null> {
    return parseForeground(await this.shell('dumpsys window'));
  }

  async tap(p: PixelPoint): Promise<void> {
    await this.shell(`input tap ${round(p.x)} ${round(p.y)}`);
  }

  async longPress(p: PixelPoint, ms: number): Promise<void> {
    await this.shell(`input swipe ${round(p.x)} ${round(p.y)} ${round(p.x)} ${round(p.y)} ${round(ms)}`);
  }

  async swipe(from: PixelPoint, to: PixelPoint, ms: number): Promise<void> {
    await this.shell(`input swipe ${round(from.x)} ${round(from.y)} ${round(to.x)} ${round(to.y)} ${round(ms)}`);
  }

  private async hasAdbKeyboard(): Promise<boolean> {
    this.adbKeyboard ??= (await this.shell('ime list -s')).split(/\s+/).includes(ADB_KEYBOARD_IME);
    return this.adbKeyboard;
  }

  /**
   * ASCII goes through `input text` (quoted); anything else needs the ADBKeyboard IME, which
   * takes the text base64-encoded, so no character of it ever reaches the shell.
   */
  async type(text: string, opts: { clear?: boolean } = {}): Promise<void> {
    const ime = await this.hasAdbKeyboard();
    if (!ime && (!isInputTextSafe(text) || opts.clear)) {
      if (opts.clear && isInputTextSafe(text)) {
        await this.shell(`input keyevent KEYCODE_MOVE_END ${Array(60).fill(KEYCODES.Delete).join(' ')}`);
      } else {
        throw new DeviceError(
          `${this.serial}: cannot type ${JSON.stringify(text)}: non-ASCII text needs the ADBKeyboard IME. Install it ` +
            '(github.com/senzhk/ADBKeyBoard: `adb install ADBKeyboard.apk`, then `adb shell ime enable ' +
            `${ADB_KEYBOARD_IME}\`) and try again.`,
          this.serial,
          'unsupported',
        );
      }
    }
    if (!ime) {
      if (text) await this.shell(`input text ${inputTextArg(text)}`);
      return;
    }
    const previous = (await this.shell('settings get secure default_input_method')).trim();
    if (previous !== ADB_KEYBOARD_IME) await this.shell(`ime set ${ADB_KEYBOARD_IME}`);
    try {
      if (opts.clear) await this.shell('am broadcast -a ADB_CLEAR_TEXT');
      if (text) await this.shell(`am broadcast -a ADB_INPUT_B64 --es msg ${utf8Base64(text)}`);
    } finally {
      if (previous && previous !== ADB_KEYBOARD_IME && previous !== 'null') await this.shell(`ime set ${shQuote(previous)}`);
    }
  }

  async key(key: KeyName | 'Home' | 'Back'): Promise<void> {
    await this.shell(`input keyevent ${KEYCODES[key]}`);
  }

  async launch(pkg: string): Promise<void> {
    if (!/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(pkg)) {
      throw new DeviceError(`${this.serial}: not a package name: ${JSON.stringify(pkg)}`, this.serial, 'unsupported');
    }
    const out = await this.shell(`monkey -p ${pkg} -c android.intent.category.LAUNCHER 1`);
    if (/No activities found|monkey aborted|Error/i.test(out)) {
      throw new DeviceError(`${this.serial}: cannot launch ${pkg}: ${out.trim().split('\n').pop()}`, this.serial);
    }
  }
}
