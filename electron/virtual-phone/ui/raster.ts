import sharp from 'sharp';
import { createHash } from 'node:crypto';

/**
 * SVG → PNG/RGBA with a small per-phone cache keyed by the SVG's hash. A screen that hasn't changed
 * (same tree, same clock minute) costs a hash instead of a rasterisation, which is what keeps
 * repeated `screencap` well under the 40 ms target. In-flight renders are shared, so 50 clients
 * asking for the same frame rasterise it once.
 */
sharp.cache({ memory: 64, items: 32, files: 0 });
sharp.concurrency(1);

export interface Frame {
  png: Buffer;
  key: string;
}

export class Rasterizer {
  private readonly png = new Map<string, Promise<Buffer>>();
  private readonly raw = new Map<string, Promise<Buffer>>();

  constructor(private readonly capacity = 3) {}

  static key(svg: string): string {
    return createHash('sha1').update(svg).digest('hex');
  }

  private remember(map: Map<string, Promise<Buffer>>, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const hit = map.get(key);
    if (hit) {
      map.delete(key); // LRU: re-insert as most recent
      map.set(key, hit);
      return hit;
    }
    const p = make();
    map.set(key, p);
    p.catch(() => map.delete(key));
    while (map.size > this.capacity) map.delete(map.keys().next().value as string);
    return p;
  }

  toPng(svg: string): Promise<Buffer> {
    const key = Rasterizer.key(svg);
    // Level 1 + no adaptive filtering: ~3x faster than the default and still ~300 KB per frame.
    return this.remember(this.png, key, () => sharp(Buffer.from(svg)).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer());
  }

  /** RGBA8888 pixels for raw `screencap` and `framebuffer:`. Not cached for long: 10 MB each. */
  toRgba(svg: string): Promise<Buffer> {
    const key = Rasterizer.key(svg);
    const hit = this.png.get(key);
    const source = hit ? hit.then((b) => sharp(b)) : Promise.resolve(sharp(Buffer.from(svg)));
    return this.remember(this.raw, key, () => source.then((s) => s.ensureAlpha().raw().toBuffer())).finally(() => {
      if (this.raw.size > 1) this.raw.delete(this.raw.keys().next().value as string);
    });
  }

  clear(): void {
    this.png.clear();
    this.raw.clear();
  }
}
