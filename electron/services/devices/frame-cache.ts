import { randomUUID } from 'node:crypto';
import { Lru } from '../../../shared/lru.js';

/**
 * Mirror frames are transient: kept in memory (the newest few) and served by id,
 * never written to the workspace and never sent as base64 through the API.
 */
export class FrameCache {
  private readonly frames: Lru<string, Uint8Array>;

  constructor(capacity = 16) {
    this.frames = new Lru(capacity);
  }

  put(png: Uint8Array): string {
    const id = randomUUID();
    this.frames.set(id, png);
    return id;
  }

  get(id: string): Uint8Array | undefined {
    return this.frames.peek(id);
  }
}
