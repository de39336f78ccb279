import { randomBytes } from 'node:crypto';
import type { AdbDeviceClient } from './adbkit.js';
import type { KeyName } from '../../../shared/domain/action.js';
import type { DeviceInfo, DevicePort, Foreground, PixelPoint } from '../../core/device/device-port.js';
import { DeviceError } from '../../core/device/device-port.js';
import { focusedFieldLength } from '../../core/device/focused-field.js';
import { parseForeground } from '../../core/device/foreground.js';
import { ADB_KEYBOARD_IME, KEYCODES } from '../../core/device/keys.js';
import type { RetryOptions } from '../../core/device/retry.js';
import { CommandFailure } from '../../core/device/retry.js';
import { inputTextArg, inputTextProblem, shQuote, utf8Base64 } from '../../core/device/shell-quote.js';
import { parseUiXml } from '../../core/ui/parse-ui-xml.js';
import { AdbExec } from './adb-exec.js';

type DeviceClient = AdbDeviceClient;

const round = (n: number): number => Math.round(n);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_IEND = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** Key events per `input keyevent` command: long enough to be quick, short enough for any shell's line limit. */
const KEYS_PER_COMMAND = 100;

export interface AdbDeviceOptions {
  retry?: Partial<RetryOptions>;
  /** `adb connect host:port` again, for a network device that dropped off. */
  reconnect?: () => Promise<void>;
}

/**
 * DevicePort over adbkit: every command is a `shell:` request on a fresh connection. Reads
 * (screenshot, dump, properties, foreground) are retried with backoff when a real phone is slow,
 * busy or briefly gone; inputs are never repeated once they may have reached the device.
 */
export class AdbDevice implements DevicePort {
  private adbKeyboard: boolean | null = null;
  private readonly exec: AdbExec;

  constructor(
    dev: DeviceClient,
    readonly serial: string,
    opts: AdbDeviceOptions = {},
  ) {
    this.exec = new AdbExec(dev, serial, opts.retry, opts.reconnect);
  }

  /**
   * A task's own command: a setup step or a success probe. Setup exists to put the device into a
   * known state and already runs before every attempt, so it must be idempotent; probes only
   * read. Either may therefore be asked again after a dropped connection.
   */
  async shell(command: string): Promise<string> {
    return (await this.exec.read(command)).toString('utf8');
  }

  private async read(command: string): Promise<string> {
    return (await this.exec.read(command)).toString('utf8');
  }

  /**
   * A command whose reply is always whole lines (`settings get` prints `null` for an unset key).
   * Shell v1 has no exit status, so a connection cut before or during the reply looks like a
   * command that printed nothing, or half a line: such a reply is asked again, never believed.
   */
  private async readLines(command: string): Promise<string> {
    const out = await this.exec.read(command, (raw) =>
      raw.length > 0 && raw[raw.length - 1] === 0x0a
        ? null
        : new CommandFailure(`\`${command}\` stopped before its reply ended (${raw.length} bytes): the connection was cut`, 'stream', true),
    );
    return out.toString('utf8');
  }

  async info(packages: readonly string[] = []): Promise<DeviceInfo> {
    const [props, size, density, fontScale] = await Promise.all([
      this.readLines('getprop'),
      this.readLines('wm size'),
      this.readLines('wm density'),
      this.readLines('settings get system font_scale'),
    ]);
    const prop = (k: string): string => new RegExp(`^\\[${k.replace(/\./g, '\\.')}\\]: \\[(.*)\\]$`, 'm').exec(props)?.[1] ?? '';
    // An override (set by `wm size WxH`) is what apps and screenshots use.
    const sizes = [...size.matchAll(/(Physical|Override) size: (\d+)x(\d+)/g)];
    const s = sizes.find((m) => m[1] === 'Override') ?? sizes[0];
    if (!s) throw new DeviceError(`${this.serial}: cannot read the screen size from \`wm size\`: ${size.trim()}`, this.serial);
    const locale = prop('persist.sys.locale') || prop('ro.product.locale');
    const versions: Record<string, string | null> = {};
    for (const pkg of packages) {
      const out = await this.read(`dumpsys package ${shQuote(pkg)} | grep versionName`);
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
      ...(locale ? { locale } : {}),
      fontScale: Number.isFinite(Number.parseFloat(fontScale)) ? Number.parseFloat(fontScale) : null,
      emulator: prop('ro.kernel.qemu') === '1' || prop('ro.boot.qemu') === '1',
    };
  }

  /**
   * `screencap -p` behind an `echo`, as adbkit does: the first byte tells whether the device's
   * shell turned `\n` into `\r\n` (Android < 7), which would corrupt the PNG. A cut stream gives
   * a truncated PNG, so the image must end with its IEND chunk before it is believed.
   */
  async screenshot(): Promise<Uint8Array> {
    let png: Buffer = Buffer.alloc(0);
    await this.exec.read('echo && screencap -p 2>/dev/null', (out) => {
      png =
        out[0] === 0x0a
          ? out.subarray(1)
          : out[0] === 0x0d
            ? Buffer.from(out.subarray(2).toString('latin1').replace(/\r\n/g, '\n'), 'latin1')
            : out;
      if (png.length > 16 && png.subarray(0, 8).equals(PNG_SIGNATURE) && png.subarray(-8).equals(PNG_IEND)) return null;
      // Nothing, or a PNG that stops short: the stream was cut (a drop), not a refusal to take the picture.
      const cut = png.length === 0 || png.subarray(0, 8).equals(PNG_SIGNATURE);
      return new CommandFailure(`screenshot failed: got ${png.length} bytes that are not a whole PNG`, cut ? 'stream' : 'result', cut);
    });
    return png;
  }

  /**
   * Dumps to a file of its own (concurrent dumps never read each other's), prints it, removes it.
   * uiautomator exits 0 even when it gives up on a busy screen ("could not get idle state") and
   * writes nothing, so the file is new or absent, never a stale one; a busy screen is asked again.
   */
  async uiDump(): Promise<string> {
    const path = `/data/local/tmp/eb-dump-${randomBytes(4).toString('hex')}.xml`;
    let xml = '';
    await this.exec.read(`uiautomator dump ${path} >/dev/null && cat ${path}; rm -f ${path}`, (raw) => {
      const out = raw.toString('utf8');
      if (/could not get idle state/i.test(out))
        return new CommandFailure('uiautomator dump: the screen never became idle', 'result', false);
      const start = out.search(/<\?xml|<hierarchy/);
      const end = out.lastIndexOf('</hierarchy>');
      if (start < 0 || end < start) {
        // Nothing, or XML that stops short: the stream was cut (a drop). Anything else is uiautomator's own complaint.
        const cut = out.trim() === '' || start >= 0;
        return new CommandFailure(
          cut ? 'uiautomator dump: the connection was cut' : `uiautomator dump failed: ${out.trim().slice(0, 200)}`,
          cut ? 'stream' : 'result',
          cut,
        );
      }
      xml = out.slice(start, end + '</hierarchy>'.length);
      return null;
    });
    return xml;
  }

  async foreground(): Promise<Foreground | null> {
    return parseForeground(await this.readLines('dumpsys window'));
  }

  async tap(p: PixelPoint): Promise<void> {
    await this.exec.act(`input tap ${round(p.x)} ${round(p.y)}`);
  }

  async longPress(p: PixelPoint, ms: number): Promise<void> {
    await this.exec.act(`input swipe ${round(p.x)} ${round(p.y)} ${round(p.x)} ${round(p.y)} ${round(ms)}`);
  }

  async swipe(from: PixelPoint, to: PixelPoint, ms: number): Promise<void> {
    await this.exec.act(`input swipe ${round(from.x)} ${round(from.y)} ${round(to.x)} ${round(to.y)} ${round(ms)}`);
  }

  private async hasAdbKeyboard(): Promise<boolean> {
    this.adbKeyboard ??= (await this.readLines('ime list -s')).split(/\s+/).includes(ADB_KEYBOARD_IME);
    return this.adbKeyboard;
  }

  /**
   * Empties the focused field with the keys a person would use: cursor to the end, then one
   * Delete per character the field holds (read from a dump, so a long field is emptied whole).
   */
  private async clearWithKeys(): Promise<void> {
    const length = focusedFieldLength(parseUiXml(await this.uiDump())) ?? 0;
    const codes = ['KEYCODE_MOVE_END', ...Array<number>(length).fill(KEYCODES.Delete)];
    for (let i = 0; i < codes.length && length > 0; i += KEYS_PER_COMMAND) {
      await this.exec.act(`input keyevent ${codes.slice(i, i + KEYS_PER_COMMAND).join(' ')}`);
    }
  }

  /**
   * ASCII goes through `input text` (quoted); anything else needs the ADBKeyboard IME, which
   * takes the text base64-encoded, so no character of it ever reaches the shell.
   */
  async type(text: string, opts: { clear?: boolean } = {}): Promise<void> {
    const ime = await this.hasAdbKeyboard();
    if (!ime) {
      const problem = inputTextProblem(text);
      if (problem) {
        const shown = [...text].length > 40 ? `${[...text].slice(0, 39).join('')}…` : text;
        throw new DeviceError(
          `${this.serial}: cannot type ${JSON.stringify(shown)} without the ADBKeyboard IME: ${problem}.`,
          this.serial,
          'unsupported',
        );
      }
      if (opts.clear) await this.clearWithKeys();
      if (text) await this.exec.act(`input text ${inputTextArg(text)}`);
      return;
    }
    const previous = (await this.readLines('settings get secure default_input_method')).trim();
    if (previous !== ADB_KEYBOARD_IME) await this.readLines(`ime set ${ADB_KEYBOARD_IME}`); // idempotent: safe to ask again
    try {
      if (opts.clear) await this.exec.act('am broadcast -a ADB_CLEAR_TEXT');
      if (text) await this.exec.act(`am broadcast -a ADB_INPUT_B64 --es msg ${utf8Base64(text)}`);
    } finally {
      if (previous && previous !== ADB_KEYBOARD_IME && previous !== 'null') await this.readLines(`ime set ${shQuote(previous)}`);
    }
  }

  async key(key: KeyName | 'Home' | 'Back'): Promise<void> {
    await this.exec.act(`input keyevent ${KEYCODES[key]}`);
  }

  async launch(pkg: string): Promise<void> {
    if (!/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(pkg)) {
      throw new DeviceError(`${this.serial}: not a package name: ${JSON.stringify(pkg)}`, this.serial, 'unsupported');
    }
    const out = (await this.exec.act(`monkey -p ${pkg} -c android.intent.category.LAUNCHER 1`)).toString('utf8');
    if (/No activities found|monkey aborted|Error/i.test(out)) {
      throw new DeviceError(`${this.serial}: cannot launch ${pkg}: ${out.trim().split('\n').pop()}`, this.serial);
    }
  }
}
