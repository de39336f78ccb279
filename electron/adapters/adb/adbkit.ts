import * as adbkitNs from '@devicefarmer/adbkit';

// adbkit is CommonJS. Node's ESM loader exposes it under `default` (so `Adb` is
// `default.Adb`), while vitest's interop exposes `Adb` directly. The one import site
// accepts both, so the adapter runs the same under the CLI, the server and the tests.
type AdbClass = typeof adbkitNs.Adb;
export const Adb: AdbClass =
  (adbkitNs as unknown as { Adb?: AdbClass }).Adb ?? (adbkitNs as unknown as { default: { Adb: AdbClass } }).default.Adb;

type ShellCommandClass = typeof adbkitNs.ShellCommand;
/** `shell:<cmd>` on an open transport: lets the adapter tell "never sent" from "sent, then lost". */
export const ShellCommand: ShellCommandClass =
  (adbkitNs as unknown as { ShellCommand?: ShellCommandClass }).ShellCommand ??
  (adbkitNs as unknown as { default: { ShellCommand: ShellCommandClass } }).default.ShellCommand;
