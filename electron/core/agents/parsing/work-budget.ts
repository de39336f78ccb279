/**
 * A cap on the characters one parse may examine, shared by every scan of one reply. Each scan
 * is linear, but a reply can ask for many scans (a thousand cut-off `click(` calls, each read
 * to the end of the text); the budget keeps the sum linear in the reply's length. Honest
 * replies use a few times their length; a crafted one runs out and is read as far as the budget
 * went (it then usually has no complete action: a ParseError, never a stall).
 */
export class WorkBudget {
  private left: number;

  constructor(textLength: number, perChar = 4, base = 100_000) {
    this.left = textLength * perChar + base;
  }

  /** Spends `n` characters of work; false once the budget is gone. */
  spend(n: number): boolean {
    this.left -= n;
    return this.left >= 0;
  }

  get exhausted(): boolean {
    return this.left < 0;
  }
}
