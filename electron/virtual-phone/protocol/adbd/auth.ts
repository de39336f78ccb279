import { createPublicKey, publicDecrypt, constants, randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/**
 * adb's public-key authentication, device side. The host signs our 20-byte token with each of
 * its private keys (RSA PKCS#1 v1.5, the token used as a SHA-1 digest); if none is known, it
 * sends its public key (`~/.android/adbkey.pub`: base64 of Android's RSAPublicKey struct, then
 * ` user@host`). A real phone asks the user; the virtual phone accepts every key and records it,
 * so the next connection from that host is let in by signature alone, as on a phone where
 * "Always allow from this computer" was ticked.
 */
export const TOKEN_SIZE = 20;

/** DER prefix of DigestInfo for SHA-1: what RSA_sign(NID_sha1, …) puts before the digest. */
const SHA1_DIGEST_INFO = Buffer.from('3021300906052b0e03021a05000414', 'hex');

export function newToken(): Buffer {
  return randomBytes(TOKEN_SIZE);
}

export interface AdbPublicKey {
  /** The line as the host sent it (base64 key + optional ` user@host`), for records. */
  line: string;
  /** The comment after the key, usually `user@host`. */
  comment: string;
  key: KeyObject;
}

const b64url = (b: Buffer): string => b.toString('base64url');

/**
 * Parses `<base64 RSAPublicKey struct> [comment]`. The struct (AOSP libcrypto_utils
 * android_pubkey.c): u32 modulus size in words, u32 n0inv, modulus (LE words), rr (LE words),
 * u32 exponent. Returns null for anything else, so a malformed key is refused, not a crash.
 */
export function parseAdbPublicKey(payload: Buffer): AdbPublicKey | null {
  const line = payload.toString('utf8').replace(/\0+$/, '').trim();
  const [b64, ...rest] = line.split(/\s+/);
  if (!b64) return null;
  const raw = Buffer.from(b64, 'base64');
  if (raw.length < 12) return null;
  const words = raw.readUInt32LE(0);
  if (words < 16 || words > 512 || raw.length < 8 + words * 8 + 4) return null;
  // The modulus is stored least-significant word first; reversing the bytes gives big-endian.
  const modulus = Buffer.from(raw.subarray(8, 8 + words * 4)).reverse();
  const exponent = raw.readUInt32LE(8 + words * 8);
  const e = Buffer.alloc(4);
  e.writeUInt32BE(exponent);
  let firstNonZero = 0;
  while (firstNonZero < 3 && e[firstNonZero] === 0) firstNonZero++;
  try {
    const key = createPublicKey({ key: { kty: 'RSA', n: b64url(modulus), e: b64url(e.subarray(firstNonZero)) }, format: 'jwk' });
    return { line, comment: rest.join(' '), key };
  } catch {
    return null;
  }
}

/** True when `signature` is the token signed by the private half of `key`. */
export function verifySignature(key: KeyObject, token: Buffer, signature: Buffer): boolean {
  try {
    const plain = publicDecrypt({ key, padding: constants.RSA_PKCS1_PADDING }, signature);
    return plain.equals(Buffer.concat([SHA1_DIGEST_INFO, token]));
  } catch {
    return false;
  }
}
