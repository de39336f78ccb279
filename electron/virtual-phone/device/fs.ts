/**
 * In-memory file system for one phone: enough of Android's layout for `adb push/pull`, `ls`,
 * `uiautomator dump` and `screencap <file>`. Paths are absolute; `/sdcard` is an alias of
 * `/storage/emulated/0` as on a real device, so either spelling reaches the same file.
 */
export interface FsEntry {
  kind: 'file' | 'dir';
  mode: number; // permission bits only; the type bits are added by `statMode`
  mtime: number; // seconds since epoch, as the sync protocol carries it
  data: Buffer;
}

export const S_IFREG = 0o100000;
export const S_IFDIR = 0o040000;

const ALIASES: Array<[string, string]> = [['/sdcard', '/storage/emulated/0']];

export function normalizePath(path: string, cwd = '/'): string {
  const abs = path.startsWith('/') ? path : `${cwd.replace(/\/$/, '')}/${path}`;
  const parts: string[] = [];
  for (const p of abs.split('/')) {
    if (p === '' || p === '.') continue;
    if (p === '..') parts.pop();
    else parts.push(p);
  }
  let out = '/' + parts.join('/');
  for (const [alias, target] of ALIASES) {
    if (out === alias || out.startsWith(alias + '/')) out = target + out.slice(alias.length);
  }
  return out;
}

/**
 * How much the phone's files may hold in all. The phone lives in this process's memory, so its
 * storage is a quota, as a real phone's is its flash: a write past it fails with ENOSPC ("No space
 * left on device") and deleting a file gives its bytes back. Screenshots and UI dumps written to
 * files by the app are a few MiB at a time.
 */
export const DEFAULT_STORAGE_BYTES = 256 * 1024 * 1024;

export type FsWriteResult = 'ok' | 'ENOENT' | 'EISDIR' | 'ENOSPC';

/** strerror() of each failure, as a phone's tools print it. */
export const FS_ERROR_TEXT: Record<Exclude<FsWriteResult, 'ok'>, string> = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOSPC: 'No space left on device',
};

export class VirtualFs {
  private entries = new Map<string, FsEntry>();
  private usedBytes = 0;

  constructor(
    private readonly now: () => number,
    /** The phone's storage in bytes (DEFAULT_STORAGE_BYTES); set once when the phone is made. */
    public capacity: number = DEFAULT_STORAGE_BYTES,
  ) {
    for (const d of [
      '/',
      '/data',
      '/data/local',
      '/data/local/tmp',
      '/storage',
      '/storage/emulated',
      '/storage/emulated/0',
      '/storage/emulated/0/Download',
      '/storage/emulated/0/DCIM',
      '/storage/emulated/0/Pictures',
      '/system',
      '/system/bin',
      '/dev',
    ]) {
      this.entries.set(d, { kind: 'dir', mode: 0o771, mtime: this.seconds(), data: Buffer.alloc(0) });
    }
    // `sdcard` must show up in `ls /` like the real symlink does.
    this.entries.set('/sdcard', { kind: 'dir', mode: 0o777, mtime: this.seconds(), data: Buffer.alloc(0) });
  }

  private seconds(): number {
    return Math.floor(this.now() / 1000);
  }

  /** Bytes held by files now. */
  get used(): number {
    return this.usedBytes;
  }

  /** Bytes a write may still add. */
  get free(): number {
    return Math.max(0, this.capacity - this.usedBytes);
  }

  stat(path: string): FsEntry | undefined {
    return this.entries.get(normalizePath(path));
  }

  statMode(e: FsEntry): number {
    return (e.kind === 'dir' ? S_IFDIR : S_IFREG) | e.mode;
  }

  read(path: string): Buffer | undefined {
    const e = this.stat(path);
    return e?.kind === 'file' ? e.data : undefined;
  }

  parentExists(path: string): boolean {
    const p = normalizePath(path);
    const parent = p.slice(0, p.lastIndexOf('/')) || '/';
    return this.entries.get(parent)?.kind === 'dir';
  }

  /** Returns an errno-style string on failure so callers can print the device's wording; ENOSPC past the storage quota. */
  write(path: string, data: Buffer, mode = 0o660, mtime?: number): FsWriteResult {
    const p = normalizePath(path);
    const old = this.entries.get(p);
    if (old?.kind === 'dir') return 'EISDIR';
    if (!this.parentExists(p)) return 'ENOENT';
    const grows = data.length - (old?.data.length ?? 0);
    if (grows > 0 && this.usedBytes + grows > this.capacity) return 'ENOSPC';
    this.usedBytes += grows;
    this.entries.set(p, { kind: 'file', mode: mode & 0o7777, mtime: mtime ?? this.seconds(), data });
    return 'ok';
  }

  touch(path: string): 'ok' | 'ENOENT' {
    const p = normalizePath(path);
    const e = this.entries.get(p);
    if (e) {
      e.mtime = this.seconds();
      return 'ok';
    }
    return this.write(p, Buffer.alloc(0)) === 'ok' ? 'ok' : 'ENOENT';
  }

  mkdir(path: string): 'ok' | 'ENOENT' | 'EEXIST' {
    const p = normalizePath(path);
    if (this.entries.has(p)) return 'EEXIST';
    if (!this.parentExists(p)) return 'ENOENT';
    this.entries.set(p, { kind: 'dir', mode: 0o771, mtime: this.seconds(), data: Buffer.alloc(0) });
    return 'ok';
  }

  remove(path: string, recursive = false): 'ok' | 'ENOENT' | 'EISDIR' {
    const p = normalizePath(path);
    const e = this.entries.get(p);
    if (!e) return 'ENOENT';
    if (e.kind === 'dir') {
      if (!recursive) return 'EISDIR';
      for (const [k, child] of [...this.entries]) {
        if (!k.startsWith(p + '/')) continue;
        this.usedBytes -= child.data.length;
        this.entries.delete(k);
      }
    }
    this.usedBytes -= e.data.length;
    this.entries.delete(p);
    return 'ok';
  }

  /** Direct children names, sorted like `ls` (byte order). */
  list(path: string): string[] | undefined {
    const p = normalizePath(path);
    if (this.entries.get(p)?.kind !== 'dir') return undefined;
    const prefix = p === '/' ? '/' : p + '/';
    const names: string[] = [];
    for (const k of this.entries.keys()) {
      if (k !== p && k.startsWith(prefix) && !k.slice(prefix.length).includes('/')) names.push(k.slice(prefix.length));
    }
    return names.sort();
  }
}
