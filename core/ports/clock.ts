/** A cancellable scheduled callback. */
export interface ScheduledTask {
  cancel(): void;
}

/** Time for the domain and stores: nothing else may read the clock or set a timer. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `callback` once after `delayMs` (0 or negative: as soon as possible). */
  schedule(delayMs: number, callback: () => void): ScheduledTask;
}
