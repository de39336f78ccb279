import { dateFormat } from './date-format.js';
/**
 * The phone's wall clock. Live by default (status bar minutes tick like a real phone); tests freeze
 * it with `cmd vphone clock freeze|set|advance` so screenshots are byte-identical across runs.
 */
export class VirtualClock {
  private offset = 0;
  private frozenAt: number | null = null;

  now(): number {
    return this.frozenAt ?? Date.now() + this.offset;
  }

  isFrozen(): boolean {
    return this.frozenAt !== null;
  }

  freeze(at?: number): void {
    this.frozenAt = at ?? this.now();
  }

  unfreeze(): void {
    if (this.frozenAt !== null) this.offset = this.frozenAt - Date.now();
    this.frozenAt = null;
  }

  set(ms: number): void {
    if (this.frozenAt !== null) this.frozenAt = ms;
    else this.offset = ms - Date.now();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  /** What a snapshot keeps of the clock: a frozen clock comes back at the same instant. */
  save(): { offset: number; frozenAt: number | null } {
    return { offset: this.offset, frozenAt: this.frozenAt };
  }

  restore(s: { offset: number; frozenAt: number | null }): void {
    this.offset = s.offset;
    this.frozenAt = s.frozenAt;
  }
}

export function formatClock(ms: number, timeZone: string, withSeconds = false): string {
  return dateFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: withSeconds ? '2-digit' : undefined,
    hourCycle: 'h23',
  }).format(ms);
}

export function formatDate(ms: number, timeZone: string, locale: 'en' | 'zh'): string {
  return dateFormat(locale === 'zh' ? 'zh-CN' : 'en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(ms);
}
