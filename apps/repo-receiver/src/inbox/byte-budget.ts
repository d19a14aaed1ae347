/**
 * A counting semaphore of bytes that never waits: a caller takes what it needs or is told no at
 * once, and gives it back when done. The receiver holds the bodies it has not verified yet against
 * one such budget per process, so that uploads nobody signed cannot take the process's memory.
 */
export class ByteBudget {
  private taken = 0;

  constructor(readonly capacity: number) {}

  /** Bytes held now. */
  get held(): number {
    return this.taken;
  }

  /**
   * Takes `bytes` if they fit, and returns the function that gives them back (idempotent, so every
   * way a request can end may call it); null when they do not fit.
   */
  take(bytes: number): (() => void) | null {
    if (this.taken + bytes > this.capacity) return null;
    this.taken += bytes;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.taken -= bytes;
    };
  }
}
