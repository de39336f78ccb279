import type { Duplex } from 'node:stream';
import type { VirtualFs } from '../device/fs.js';
import { FS_ERROR_TEXT } from '../device/fs.js';
import type { SocketReader } from './reader.js';
import { safeWrite } from './framing.js';

/**
 * `sync:` file service (AOSP SYNC.TXT, file_sync_protocol.h). All integers little-endian.
 * Requests are `id[4] u32 len path`; errors are `FAIL u32 len msg` (not hex4 like the smart socket).
 */
const SYNC_DATA_MAX = 64 * 1024;
const MAX_PATH = 1024;

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

function packet(id: string, ...parts: Buffer[]): Buffer {
  return Buffer.concat([Buffer.from(id, 'latin1'), ...parts]);
}

function syncFail(socket: Duplex, msg: string): void {
  const m = Buffer.from(msg, 'utf8');
  safeWrite(socket, packet('FAIL', u32(m.length), m));
}

function statV1(fs: VirtualFs, path: string): Buffer {
  const e = fs.stat(path);
  if (!e) return packet('STAT', u32(0), u32(0), u32(0));
  return packet('STAT', u32(fs.statMode(e)), u32(e.data.length), u32(e.mtime));
}

/** STA2/LST2: id, error, dev u64, ino u64, mode, nlink, uid, gid, size u64, atime, mtime, ctime (i64). */
function statV2(fs: VirtualFs, id: string, path: string): Buffer {
  const b = Buffer.alloc(68);
  const e = fs.stat(path);
  if (!e) {
    b.writeUInt32LE(2, 0); // ENOENT
    return packet(id, b);
  }
  b.writeUInt32LE(0, 0);
  b.writeBigUInt64LE(1n, 4);
  b.writeBigUInt64LE(BigInt(path.length), 12);
  b.writeUInt32LE(fs.statMode(e), 20);
  b.writeUInt32LE(1, 24);
  b.writeUInt32LE(1023, 28); // media_rw-ish owner, like files under /sdcard
  b.writeUInt32LE(1023, 32);
  b.writeBigUInt64LE(BigInt(e.data.length), 36);
  for (const off of [44, 52, 60]) b.writeBigInt64LE(BigInt(e.mtime), off);
  return packet(id, b);
}

export async function serveSync(socket: Duplex, reader: SocketReader, fs: VirtualFs): Promise<void> {
  for (;;) {
    if (reader.isEnded) return; // adbkit never sends QUIT; it just closes.
    let head: Buffer;
    try {
      head = await reader.read(8);
    } catch {
      return;
    }
    const id = head.toString('latin1', 0, 4);
    const len = head.readUInt32LE(4);
    if (id === 'QUIT') return;
    if (!/^[A-Z0-9]{4}$/.test(id) || len > MAX_PATH) {
      syncFail(socket, `invalid sync request ${JSON.stringify(id)} (length ${len})`);
      return;
    }
    const arg = (await reader.read(len)).toString('utf8');
    switch (id) {
      case 'STAT':
        safeWrite(socket, statV1(fs, arg));
        break;
      case 'STA2':
      case 'LST2':
        safeWrite(socket, statV2(fs, id, arg));
        break;
      case 'LIST':
        sendList(socket, fs, arg);
        break;
      case 'RECV':
        if (!(await sendFile(socket, fs, arg))) return;
        break;
      case 'SEND':
        if (!(await receiveFile(socket, reader, fs, arg))) return;
        break;
      default:
        syncFail(socket, `unsupported sync request ${id}`);
        return;
    }
  }
}

function sendList(socket: Duplex, fs: VirtualFs, path: string): void {
  const names = fs.list(path) ?? [];
  const base = path.endsWith('/') ? path : path + '/';
  const out: Buffer[] = [];
  for (const name of ['.', '..', ...names]) {
    const e = name === '.' || name === '..' ? fs.stat(path) : fs.stat(base + name);
    if (!e) continue;
    const n = Buffer.from(name, 'utf8');
    out.push(packet('DENT', u32(fs.statMode(e)), u32(e.data.length), u32(e.mtime), u32(n.length), n));
  }
  out.push(packet('DONE', u32(0), u32(0), u32(0), u32(0)));
  safeWrite(socket, Buffer.concat(out));
}

async function sendFile(socket: Duplex, fs: VirtualFs, path: string): Promise<boolean> {
  const e = fs.stat(path);
  if (!e || e.kind !== 'file') {
    syncFail(socket, e ? `remote object '${path}' is a directory` : `remote object '${path}' does not exist`);
    return false;
  }
  for (let off = 0; off < e.data.length; off += SYNC_DATA_MAX) {
    const chunk = e.data.subarray(off, Math.min(off + SYNC_DATA_MAX, e.data.length));
    if (!safeWrite(socket, packet('DATA', u32(chunk.length), chunk))) {
      if (socket.destroyed) return false;
      await new Promise<void>((r) => {
        const done = (): void => {
          socket.off('drain', done);
          socket.off('close', done);
          r();
        };
        socket.once('drain', done);
        socket.once('close', done);
      });
    }
  }
  safeWrite(socket, packet('DONE', u32(0)));
  return true;
}

async function receiveFile(socket: Duplex, reader: SocketReader, fs: VirtualFs, arg: string): Promise<boolean> {
  const comma = arg.lastIndexOf(',');
  const path = comma >= 0 ? arg.slice(0, comma) : arg;
  const mode = comma >= 0 ? Number.parseInt(arg.slice(comma + 1), 10) : 0o644;
  const chunks: Buffer[] = [];
  let size = 0;
  // As on a phone, the push stops when storage runs out, not after the whole file was held in memory.
  const room = fs.free + (fs.read(path)?.length ?? 0);
  for (;;) {
    const h = await reader.read(8);
    const id = h.toString('latin1', 0, 4);
    const n = h.readUInt32LE(4);
    if (id === 'DATA') {
      if (n > SYNC_DATA_MAX) {
        syncFail(socket, `data chunk of ${n} bytes exceeds ${SYNC_DATA_MAX}`);
        return false;
      }
      size += n;
      if (size > room) {
        syncFail(socket, "couldn't write file: No space left on device");
        return false;
      }
      chunks.push(await reader.read(n));
    } else if (id === 'DONE') {
      const res = fs.write(path, Buffer.concat(chunks), Number.isFinite(mode) ? mode : 0o644, n);
      if (res === 'ok') safeWrite(socket, packet('OKAY', u32(0)));
      else syncFail(socket, `couldn't create file: ${FS_ERROR_TEXT[res]}`);
      return res === 'ok';
    } else {
      syncFail(socket, `invalid data message ${JSON.stringify(id)}`);
      return false;
    }
  }
}
