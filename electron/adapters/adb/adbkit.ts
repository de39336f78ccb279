import type * as adbkitNs from '@devicefarmer/adbkit';
import { lazyRequire } from '../system/lazy-require.js';

export type AdbClass = typeof adbkitNs.Adb;
type ShellCommandClass = typeof adbkitNs.ShellCommand;

// adbkit is CommonJS and takes a good part of a second to load: required on first use (a command that never
// talks to a device does not load it). Required, it exposes its classes directly (no ESM `default` wrapper).
const load = lazyRequire<{ Adb: AdbClass; ShellCommand: ShellCommandClass }>('@devicefarmer/adbkit');

export const adbkit = (): { Adb: AdbClass; ShellCommand: ShellCommandClass } => load();

/** adbkit's client for one adb server. */
export type AdbClient = ReturnType<AdbClass['createClient']>;
/** adbkit's handle on one device of a server. */
export type AdbDeviceClient = ReturnType<AdbClient['getDevice']>;
