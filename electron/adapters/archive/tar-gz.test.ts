import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryBytes, readTarGz, TarGzWriter, TarReadError } from './tar-gz.js';

/** Reads every entry of an archive whole; the error it stops on, or null. */
async function readAll(file: string): Promise<unknown> {
  try {
    for await (const entry of readTarGz(file)) await entryBytes(entry, 10 * 1024 * 1024);
    return null;
  } catch (e) {
    return e;
  }
}

describe('a gzipped tar cut short', () => {
  it('says it is truncated wherever the cut falls: between entries or inside the one being read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eb-tar-'));
    const whole = join(dir, 'whole.tar.gz');
    const w = new TarGzWriter(whole);
    await w.addBytes('manifest.json', Buffer.from('{"a":1}'));
    // Incompressible bytes: the gzip stream's middle lies inside this entry's data.
    await w.addBytes('images/big.webp', randomBytes(512 * 1024));
    await w.finish();
    expect(await readAll(whole)).toBeNull();
    const bytes = readFileSync(whole);
    for (const fraction of [0.2, 0.5, 0.8]) {
      const cut = join(dir, `cut-${fraction}.tar.gz`);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * fraction)));
      const e = await readAll(cut);
      expect(e).toBeInstanceOf(TarReadError);
      expect((e as Error).message).toMatch(
        /^the archive is truncated: its gzip data ends early \(it ends inside or after images\/big\.webp\)/,
      );
    }
  });
});
