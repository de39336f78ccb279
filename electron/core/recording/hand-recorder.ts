import type { Action } from '../../../shared/domain/action.js';
import type { Bounds, ScreenSize, UiHierarchy } from '../../../shared/domain/ui-node.js';
import type { RecordedStep } from '../../../shared/domain/recording.js';
import type { HandGesture, HandInput } from '../device/getevent.js';
import { focusedField } from '../device/focused-field.js';
import type { PixelPoint } from '../geometry/coordinates.js';
import { toNorm } from '../geometry/coordinates.js';
import { parseUiXml } from '../ui/parse-ui-xml.js';
import type { Observation } from './capture.js';

/**
 * Recording from the phone in hand: the annotator operates the phone itself and each of her
 * gestures becomes a step with the screen as it was before it (the settled screen after the
 * previous one). Taps on the on-screen keyboard are not steps: while a field has focus and the
 * keyboard is up, a tap that changes only that field's text (or nothing at all: shift, ?123) is
 * typing, and the typed text is taken from the field's content once she does something else —
 * one Type step, with the screen from before the first key. Keys (Back, Home, Overview) come from
 * the key devices.
 */
export interface HandObservation extends Observation {
  /** The on-screen keyboard while it is shown (its window's frame when the phone reports it), else null. */
  keyboard: { frame: Bounds | null } | null;
}

export interface HandRecorderPorts {
  screen: ScreenSize;
  /** The screen now: screenshot, UI dump, foreground, keyboard. */
  capture(): Promise<HandObservation>;
  /** How long the screen takes to settle after an input (animations) before it is captured, ms. */
  settleMs: number;
  /** Commits a step (the action was done on the phone) with the observation from before it. */
  commit(action: Action, before: Observation): Promise<RecordedStep>;
}

interface Typing {
  before: HandObservation;
  text: string;
  /** Where the keyboard is while typing goes on. */
  frame: Bounds | null;
}

function ui(o: Observation): UiHierarchy | null {
  try {
    return parseUiXml(o.xml);
  } catch {
    return null;
  }
}

function fieldOf(o: Observation): { id: string; text: string } | null {
  const h = ui(o);
  const f = h ? focusedField(h) : null;
  if (!f) return null;
  const b = f.node.bounds;
  return { id: f.node.resourceId || `${f.node.className}@${b ? `${b.left},${b.top}` : ''}`, text: f.text };
}

const inside = (b: Bounds, p: { x: number; y: number }): boolean => p.x >= b.left && p.x < b.right && p.y >= b.top && p.y < b.bottom;

/**
 * A press in place on the keyboard is a key however long it was held: the keyboard gets it, not the
 * app, so it is never a LongPress step. Keys are held long in earnest (an accent, a key's second
 * character) and seemingly, when a busy phone stamps a quick tap's lift late; the field's text says
 * what was typed either way.
 */
function keyAt(g: HandGesture, frame: Bounds | null | undefined): PixelPoint | null {
  return frame && (g.type === 'Tap' || g.type === 'LongPress') && inside(frame, g.at) ? g.at : null;
}

/**
 * The keyboard's action key (Enter, Search, Done, Send): the last key of its bottom row, where
 * QWERTY keyboards put it (Gboard, Samsung, AOSP LatinIME alike).
 */
export function isActionKey(frame: Bounds, p: { x: number; y: number }): boolean {
  const w = frame.right - frame.left;
  const h = frame.bottom - frame.top;
  return p.x >= frame.left + w * 0.8 && p.y >= frame.top + h * 0.75;
}

/**
 * Without the keyboard's frame (a phone that does not report it), a tap was a key when it left the
 * same field focused and changed its text, or changed nothing at all (shift, ?123). A key held long
 * counts only when it changed the text: a long press that changed nothing may have been the app's.
 */
export function typedByText(g: HandGesture, before: HandObservation, after: HandObservation): boolean {
  if ((g.type !== 'Tap' && g.type !== 'LongPress') || !before.keyboard || !after.keyboard) return false;
  const fb = fieldOf(before);
  const fa = fieldOf(after);
  return !!fb && !!fa && fb.id === fa.id && (fb.text !== fa.text || (g.type === 'Tap' && before.xml === after.xml));
}

export function gestureAction(g: HandGesture, screen: ScreenSize): Action {
  switch (g.type) {
    case 'Tap':
      return { type: 'Tap', at: toNorm(g.at, screen) };
    case 'LongPress':
      return { type: 'LongPress', at: toNorm(g.at, screen), ms: g.ms };
    case 'Swipe':
      return { type: 'Swipe', from: toNorm(g.from, screen), to: toNorm(g.to, screen), ms: g.ms };
  }
}

const keyAction = (key: 'Back' | 'Home' | 'Recent'): Action => (key === 'Recent' ? { type: 'Key', key: 'Recent' } : { type: key });

export class HandRecorder {
  private current: Promise<HandObservation>;
  private typing: Typing | null = null;
  private queue: Promise<void> = Promise.resolve();
  private failed: unknown = null;

  constructor(
    private readonly ports: HandRecorderPorts,
    private readonly onError: (e: unknown) => void,
  ) {
    this.current = ports.capture();
    this.current.catch(() => undefined);
  }

  /** One gesture or key from the phone; handled in order, one at a time. */
  input(i: HandInput): void {
    this.queue = this.queue
      .then(() => this.handle(i))
      .catch((e: unknown) => {
        this.failed = e;
        this.onError(e);
      });
  }

  /** Resolves when every input so far is handled (and its step committed). */
  async idle(): Promise<void> {
    await this.queue;
  }

  /** Handles what is queued and commits text still being typed; the caller then records the final screen. */
  async finish(): Promise<void> {
    await this.queue;
    if (this.failed) throw this.failed;
    await this.flushTyping(await this.current);
  }

  private async handle(i: HandInput): Promise<void> {
    const t = this.typing;
    const held = i.kind === 'touch' && t?.frame ? keyAt(i.gesture, t.frame) : null;
    if (held && !isActionKey(t!.frame!, held)) {
      // Another key: the screen is captured once the keys pause, not after each one.
      this.current = this.snapshotSoon();
      return;
    }
    const before = await this.current;
    if (i.kind === 'key') {
      await this.flushTyping(before);
      await this.ports.commit(keyAction(i.key), before);
      this.current = this.settled();
      await this.current;
      return;
    }
    const g = i.gesture;
    // While typing, the keyboard is where it was at the first key: when keys come in a burst (a
    // lagging reader), `before` may already show the screen after this key (the search submitted).
    const frame = t?.frame ?? before.keyboard?.frame ?? null;
    const key = keyAt(g, frame);
    if (frame && key) {
      // A key: typing goes on. The screen is captured once the keys pause, not after every key.
      this.typing ??= { before, text: fieldOf(before)?.text ?? '', frame };
      if (!isActionKey(frame, key)) {
        this.current = this.snapshotSoon();
        return;
      }
      // Enter / Search: it submits what was typed (one Type step), or is an Enter of its own.
      const after = await this.settled();
      this.current = Promise.resolve(after);
      const typing = this.typing;
      const latest = fieldOf(after)?.text ? after : before;
      if (!(await this.flushTyping(latest, true))) await this.ports.commit({ type: 'Enter' }, typing.before);
      return;
    }
    const after = await this.settled();
    this.current = Promise.resolve(after);
    if (!frame && typedByText(g, before, after)) {
      this.typing ??= { before, text: fieldOf(before)?.text ?? '', frame: null };
      return;
    }
    await this.flushTyping(before);
    await this.ports.commit(gestureAction(g, this.ports.screen), before);
  }

  /** The screen once it has settled after an input. */
  private settled(): Promise<HandObservation> {
    const p = new Promise<void>((r) => setTimeout(r, this.ports.settleMs)).then(() => this.ports.capture());
    p.catch(() => undefined);
    return p;
  }

  private snapshot: { timer: NodeJS.Timeout; promise: Promise<HandObservation>; fire: () => void } | null = null;

  /** A capture once no key has come for the settle time: a burst of keys costs one capture, not one each. */
  private snapshotSoon(): Promise<HandObservation> {
    const pending = this.snapshot;
    if (pending) {
      clearTimeout(pending.timer);
      pending.timer = setTimeout(pending.fire, this.ports.settleMs);
      return pending.promise;
    }
    let fire!: () => void;
    const promise = new Promise<HandObservation>((resolve, reject) => {
      fire = () => {
        this.snapshot = null;
        this.ports.capture().then(resolve, reject);
      };
    });
    promise.catch(() => undefined);
    this.snapshot = { timer: setTimeout(fire, this.ports.settleMs), promise, fire };
    return promise;
  }

  /**
   * The keys typed so far become one Type step: what the field holds now, appended or replacing what
   * was there (submitted when the keyboard's action key ended it). False when nothing was typed.
   */
  private async flushTyping(latest: Observation, submit = false): Promise<boolean> {
    const t = this.typing;
    this.typing = null;
    if (!t) return false;
    const now = fieldOf(latest)?.text ?? '';
    if (now === t.text) return false; // only shift or ?123 was pressed
    const typed = now.startsWith(t.text) ? { text: now.slice(t.text.length) } : { text: now, clear: true };
    await this.ports.commit({ type: 'Type', ...typed, ...(submit ? { submit: true } : {}) }, t.before);
    return true;
  }
}
