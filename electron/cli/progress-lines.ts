/**
 * Progress for a long command, as lines on stderr: one per finished piece of work, and when
 * nothing was printed for `everyMs`, a line saying what is still going on — so a command that
 * takes minutes never looks hung.
 */
export class ProgressLines {
  private lastAt = Date.now();
  private doing = 'working';
  private doingSince = Date.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly write: (line: string) => void,
    private readonly everyMs = 10_000,
  ) {}

  /** Prints a line now. */
  line(text: string): void {
    this.write(text);
    this.lastAt = Date.now();
  }

  /** What is being done from now on (shown by the next "still" line). */
  now(doing: string): void {
    this.doing = doing;
    this.doingSince = Date.now();
  }

  start(): this {
    this.timer ??= setInterval(() => {
      // A little early rather than late: the timer itself may be held up by a busy event loop.
      if (Date.now() - this.lastAt >= this.everyMs - 1000) {
        this.line(`  … ${this.doing} (${Math.round((Date.now() - this.doingSince) / 1000)} s)`);
      }
    }, 500);
    this.timer.unref();
    return this;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
