import { randomUUID } from 'node:crypto';

/**
 * Mirror frames are transient: kept in memory (the newest few) and served by id,
 * never written to the workspace and never sent as base64 through the API.
 */
export class FrameCache {
  private readonly frames = new Map<string, Uint8Array>();

  constructor(private readonly capacity = 16) {}

  put(png: Uint8Array): string {
    const id = randomUUID();
    this.frames.set(id, png);
    while (this.frames.size > this.capacity) this.frames.delete(this.frames.keys().next().value!);
    return id;
  }

  get(id: string): Uint8Array | undefined {
    return this.frames.get(id);
  }
}
