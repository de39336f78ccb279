/**
 * Which screens of an online trajectory the VLM judge sees: the first, evenly spaced ones, and
 * the final screen — spread over the whole trajectory, not only its end. The runner keeps a
 * bounded, evenly thinned set of the step screens (so a 200-step task does not hold 200 PNGs),
 * and the Review screen replays the same thinning over the stored screens to show the same ones.
 */

/** Step screens kept before thinning starts (more than the paper's 25-step limit). */
export const KEPT_FRAMES = 32;

/**
 * Keeps every `stride`-th pushed item, starting with the first; when more than `cap` are kept,
 * the stride doubles and every other kept item goes. The kept items stay evenly spaced.
 */
export class FrameKeeper<T> {
  private kept: { i: number; v: T }[] = [];
  private stride = 1;
  private pushed = 0;

  constructor(private readonly cap = KEPT_FRAMES) {
    if (!Number.isInteger(cap) || cap < 2) throw new RangeError(`keep at least 2 frames, got ${cap}`);
  }

  push(v: T): void {
    if (this.pushed % this.stride === 0) this.kept.push({ i: this.pushed, v });
    this.pushed++;
    if (this.kept.length > this.cap) {
      this.stride *= 2;
      this.kept = this.kept.filter((k) => k.i % this.stride === 0);
    }
  }

  get frames(): T[] {
    return this.kept.map((k) => k.v);
  }
}

/** The frames a FrameKeeper holds after pushing `items` in order. */
export function keptFrames<T>(items: readonly T[], cap = KEPT_FRAMES): T[] {
  const k = new FrameKeeper<T>(cap);
  for (const item of items) k.push(item);
  return k.frames;
}

/**
 * `k` of the earlier frames such that, with the final screen appended, the k + 1 screens are
 * evenly spaced over the whole trajectory: the first frame, evenly spaced ones, then the final
 * screen (not part of `earlier`). With k or fewer earlier frames, all of them.
 */
export function sampleFrames<T>(earlier: readonly T[], k: number): T[] {
  if (earlier.length <= k) return [...earlier];
  if (k <= 0) return [];
  // Positions 0 … n over earlier frames plus the final screen at n = earlier.length.
  const n = earlier.length;
  return Array.from({ length: k }, (_, i) => earlier[Math.round((i * n) / k)]!);
}
