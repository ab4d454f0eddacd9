import type { Clock } from '@shop/core/ports/clock';

/** What a fake waits for before answering: nothing, a clock delay, or forever (loading states). */
export type FakeDelay = () => Promise<void>;

/** Waits `ms` on `clock` (a FakeClock in tests: the answer comes when the test advances time). */
export function clockDelay(clock: Clock, ms: number): FakeDelay {
  return () => new Promise<void>((resolve) => clock.schedule(ms, resolve));
}

/** Never resolves: the screen stays in its loading state. */
export const never: FakeDelay = () => new Promise<void>(() => {});
