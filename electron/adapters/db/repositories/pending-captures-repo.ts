import type { Db } from '../connection.js';

/** An observation as the phone gave it: the screenshot's PNG bytes and the UI dump's text. */
export interface RawCapture {
  screenshot: Uint8Array;
  xml: string;
}

/** A committed step whose screenshot, thumbnail and dump are not encoded yet. */
export interface PendingCapture extends RawCapture {
  stepId: number;
  demonstrationId: number;
  idx: number;
}

interface PendingRow {
  step_id: number;
  demonstration_id: number;
  idx: number;
  screenshot: Buffer;
  xml: Buffer;
}

/**
 * Steps committed with their raw observation (`DemonstrationsRepo.addStep(step, capture)`), waiting
 * for the slow encoding. `complete` sets the step's blob ids and drops the raw bytes in one
 * transaction, so a step has either its raw capture or its blobs, whatever moment a process dies.
 */
export class PendingCapturesRepo {
  constructor(private readonly db: Db) {}

  /** The oldest pending step (the order they were recorded), or undefined when none waits. */
  next(): PendingCapture | undefined {
    const r = this.db
      .prepare<[], PendingRow>(
        `SELECT p.step_id, s.demonstration_id, s.idx, p.screenshot, p.xml
         FROM pending_captures p JOIN steps s ON s.id = p.step_id ORDER BY p.step_id LIMIT 1`,
      )
      .get();
    return (
      r && { stepId: r.step_id, demonstrationId: r.demonstration_id, idx: r.idx, screenshot: r.screenshot, xml: r.xml.toString('utf8') }
    );
  }

  /** How many steps wait, in one demonstration or in all. */
  count(demonstrationId?: number): number {
    const row =
      demonstrationId === undefined
        ? this.db.prepare<[], { n: number }>('SELECT count(*) AS n FROM pending_captures').get()
        : this.db
            .prepare<[number], { n: number }>(
              'SELECT count(*) AS n FROM pending_captures p JOIN steps s ON s.id = p.step_id WHERE s.demonstration_id = ?',
            )
            .get(demonstrationId);
    return row!.n;
  }

  /** Stores the encoded blobs' ids on the step and forgets its raw bytes. False when the step is gone (undone meanwhile). */
  complete(stepId: number, blobs: { screenshotBlob: string; thumbnailBlob: string | null; xmlBlob: string }): boolean {
    return this.db.transaction(() => {
      const changed = this.db
        .prepare('UPDATE steps SET screenshot_blob = ?, thumbnail_blob = ?, xml_blob = ? WHERE id = ?')
        .run(blobs.screenshotBlob, blobs.thumbnailBlob, blobs.xmlBlob, stepId).changes;
      this.db.prepare('DELETE FROM pending_captures WHERE step_id = ?').run(stepId);
      return changed === 1;
    })();
  }
}
