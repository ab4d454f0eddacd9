import type { Clock, ScheduledTask } from '../ports/clock';

/** SPEC section 9: the session warning comes 120 seconds before the access token expires. */
export const WARNING_BEFORE_EXPIRY_MS = 120_000;

/** SPEC section 5: valid only while the expiry lies in the future; undecodable (null) is invalid. */
export function isTokenValid(expiresAtMs: number | null, nowMs: number): boolean {
  return expiresAtMs !== null && expiresAtMs > nowMs;
}

export interface SessionTimerHandlers {
  /** The warning window opened: the user may extend the session now. */
  onWarning(): void;
  /** The access token expired: the session ends. */
  onExpired(): void;
}

/**
 * Schedules the session warning and the automatic logout for one access token expiry.
 * Time comes only from the Clock port, so the timeline is testable to the millisecond.
 */
export class SessionTimer {
  private tasks: ScheduledTask[] = [];

  constructor(
    private readonly clock: Clock,
    private readonly handlers: SessionTimerHandlers,
  ) {}

  /** Warning at expiry - 120 s (at once when already inside that window), logout at expiry. */
  start(expiresAtMs: number): void {
    this.stop();
    const now = this.clock.now();
    this.tasks = [
      this.clock.schedule(expiresAtMs - WARNING_BEFORE_EXPIRY_MS - now, () => this.handlers.onWarning()),
      this.clock.schedule(expiresAtMs - now, () => this.handlers.onExpired()),
    ];
  }

  /** After a refresh: drops the old schedule and plans for the new token's expiry. */
  reschedule(expiresAtMs: number): void {
    this.start(expiresAtMs);
  }

  stop(): void {
    for (const task of this.tasks) task.cancel();
    this.tasks = [];
  }
}
