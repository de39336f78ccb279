import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Web mode's image URLs (`/blobs/<id>?s=…`, `/frames/<id>?s=…`): an `<img>` cannot send a header,
 * so the page signs each URL with the media key it got with its session, and the server checks
 * the same signature. Part of the web transport's contract, computed by both ends with this one
 * function: HMAC-SHA256 of `kind/id`, hex, first 32 characters.
 */
export function mediaSignature(key: string, kind: 'blob' | 'frame', id: string): string {
  return bytesToHex(hmac(sha256, utf8ToBytes(key), utf8ToBytes(`${kind}/${id}`))).slice(0, 32);
}
