import type { Clock, ScheduledTask } from '@shop/core/ports/clock';

/** Browsers cap setTimeout at 2^31-1 ms; longer waits are chained. */
const MAX_TIMEOUT_MS = 2_147_483_647;

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  schedule(delayMs: number, callback: () => void): ScheduledTask {
    const dueAt = Date.now() + Math.max(0, delayMs);
    let handle: ReturnType<typeof setTimeout>;
    const arm = () => {
      const remaining = dueAt - Date.now();
      handle = remaining > MAX_TIMEOUT_MS ? setTimeout(arm, MAX_TIMEOUT_MS) : setTimeout(callback, Math.max(0, remaining));
    };
    arm();
    return { cancel: () => clearTimeout(handle) };
  }
}
