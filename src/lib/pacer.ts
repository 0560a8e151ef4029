// Long loops over large data give the event loop back now and then, so one request walking a long
// history (issue 35) does not hold every other request: after each `budget` bytes of work the
// loop waits for a macrotask turn (setImmediate), where timers, I/O and other requests run.
// Awaiting a promise alone does not do this: a chain of resolved promises runs as microtasks,
// all before the event loop's next turn.
export class Pacer {
  #since = 0;
  private readonly budget: number;
  constructor(budget = 256 * 1024) {
    this.budget = budget;
  }

  /** Counts `bytes` of work done; yields to the event loop when the budget is spent. */
  async spent(bytes: number): Promise<void> {
    this.#since += bytes;
    if (this.#since < this.budget) return;
    this.#since = 0;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
