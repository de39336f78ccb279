import type { WorkspaceStore } from '../../adapters/db/workspace-store.js';
import type { Step } from '../../adapters/db/repositories/demonstrations-repo.js';
import { storeObservation } from '../../adapters/observations/observation-sink.js';
import type { ObservationSink } from '../../core/recording/recording-ports.js';
import { errorMessage } from '../../../shared/error-message.js';

/**
 * Encodes recorded steps' observations after they were committed raw (`pending_captures`), one at
 * a time in recording order, while the annotator goes on. Each step's blobs and the removal of its
 * raw bytes are one transaction, so a killed process leaves every step either raw or encoded, and
 * the next process to open the workspace (`schedule()` at start-up) encodes what was left.
 */
export class CaptureSaver implements ObservationSink {
  private running: Promise<void> | null = null;
  private wanted = false;
  private closed = false;
  private failure: Error | null = null;

  constructor(
    private readonly store: () => WorkspaceStore,
    private readonly onSaved: (step: Step) => void,
    private readonly log: (message: string) => void = () => {},
  ) {}

  schedule(): void {
    this.wanted = true;
    if (this.running || this.closed) return;
    this.running = this.loop().finally(() => {
      this.running = null;
      // A step committed between the loop's last look and its end is not left waiting.
      if (this.wanted && !this.failure) this.schedule();
    });
  }

  async settled(demonstrationId: number): Promise<void> {
    for (;;) {
      const ws = this.store();
      const left = ws.pendingCaptures.count(demonstrationId);
      if (left === 0) return;
      this.failure = null;
      this.schedule();
      await this.running;
      if (this.failure && ws.pendingCaptures.count(demonstrationId) > 0) {
        throw new Error(
          `could not store the screenshots of demonstration ${demonstrationId} (${errorMessage(this.failure)}); ` +
            'they are kept in the workspace and stored again when it is next opened — free disk space and finish again',
        );
      }
      if (this.closed)
        throw new Error('the workspace was closed while screenshots were being stored; they are stored when it is next opened');
    }
  }

  /** Stops after the step in hand; what is left waits in the workspace for the next process. */
  close(): void {
    this.closed = true;
  }

  private async loop(): Promise<void> {
    while (this.wanted && !this.closed) {
      this.wanted = false;
      const ws = this.store();
      if (ws.readOnly) return;
      for (let p = ws.pendingCaptures.next(); p; p = ws.pendingCaptures.next()) {
        let blobs;
        try {
          blobs = await storeObservation(ws, p);
        } catch (e) {
          this.failure = e instanceof Error ? e : new Error(String(e));
          this.log(`could not store step ${p.idx} of demonstration ${p.demonstrationId}: ${errorMessage(e)}; it stays pending`);
          return;
        }
        // The workspace may have been closed or switched while encoding: its rows wait for the next open.
        if (this.closed || ws !== this.store()) return;
        if (ws.pendingCaptures.complete(p.stepId, blobs)) {
          const step = ws.demonstrations.stepById(p.stepId);
          if (step) this.onSaved(step);
        }
      }
    }
  }
}
