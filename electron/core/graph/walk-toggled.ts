/**
 * Switches and toggles no demonstration moved, by page, changed and not changed back. Kept for forms the demonstrations
 * committed by a way off it (a weekday of the alarm editor's repeat ticked while setting a one-time alarm): the form
 * then holds a value no demonstration saw, and the way off that commits it saves that value with the rest — which no
 * goal condition can see (found by hand: 一 ticked on the way to 保存 made a repeating alarm, and the walk accepted it).
 * And kept for every page, for the verdict to name what the path left changed that no demonstration moved (walk.ts
 * finish). Ticked twice, it is as it was; a form left by Back, the phone discards it with the rest (walk-discard.ts).
 */
/** A toggle tapped: where it is on the screen, and whether it is on a form committed by a way off it. */
export interface Toggle {
  bounds: string;
  onForm: boolean;
  /** What it shows turned, where it is the goal's control on another row (the like of another post: walk-turned.ts). */
  otherItem?: string;
}

export class FlippedToggles {
  private readonly byPage = new Map<string, Set<string>>();

  /** A toggle (by its place on the screen) tapped on the form `page`: changed, or back as it was. */
  flip(page: string, toggle: string): void {
    const set = this.byPage.get(page) ?? new Set<string>();
    if (!set.delete(toggle)) set.add(toggle);
    this.byPage.set(page, set);
  }

  /** The form left by Back: what was ticked there is gone. */
  forget(page: string): void {
    this.byPage.delete(page);
  }

  /** Whether the form `page` holds a toggle changed and not changed back. */
  changed(page: string): boolean {
    return (this.byPage.get(page)?.size ?? 0) > 0;
  }

  /** How many toggles, on every page, are changed and not changed back. */
  get count(): number {
    let n = 0;
    for (const set of this.byPage.values()) n += set.size;
    return n;
  }
}
