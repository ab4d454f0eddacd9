import type { Clock, ScheduledTask } from '@shop/core/ports/clock';

interface Pending {
  at: number;
  order: number;
  callback: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told: tests and stories drive time to the millisecond. */
export class FakeClock implements Clock {
  private current: number;
  private pending: Pending[] = [];
  private counter = 0;

  constructor(startMs = Date.UTC(2026, 0, 1)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  schedule(delayMs: number, callback: () => void): ScheduledTask {
    const task: Pending = { at: this.current + Math.max(0, delayMs), order: this.counter++, callback, cancelled: false };
    this.pending.push(task);
    return {
      cancel: () => {
        task.cancelled = true;
      },
    };
  }

  /** Moves time forward by `ms`, running every task that falls due, in time order. */
  advance(ms: number): void {
    this.advanceTo(this.current + ms);
  }

  /** Moves time forward to `targetMs`, running every task that falls due, in time order. */
  advanceTo(targetMs: number): void {
    for (;;) {
      const due = this.pending.filter((task) => !task.cancelled && task.at <= targetMs).sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.pending = this.pending.filter((task) => task !== due);
      this.current = Math.max(this.current, due.at);
      due.callback();
    }
    this.current = Math.max(this.current, targetMs);
    this.pending = this.pending.filter((task) => !task.cancelled);
  }

  /** Tasks still waiting (cancelled ones excluded). */
  pendingCount(): number {
    return this.pending.filter((task) => !task.cancelled).length;
  }
}
