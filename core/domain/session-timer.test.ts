import { describe, expect, it } from 'vitest';
import { FakeClock } from '../../storefront/src/adapters/fake/fake-clock';
import { isTokenValid, SessionTimer, WARNING_BEFORE_EXPIRY_MS } from './session-timer';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

function setup() {
  const clock = new FakeClock();
  const events: string[] = [];
  const timer = new SessionTimer(clock, {
    onWarning: () => events.push(`warning@${clock.now()}`),
    onExpired: () => events.push(`expired@${clock.now()}`),
  });
  return { clock, events, timer };
}

describe('isTokenValid', () => {
  it('accepts an expiry in the future only', () => {
    expect(isTokenValid(1_001, 1_000)).toBe(true);
    expect(isTokenValid(1_000, 1_000)).toBe(false);
    expect(isTokenValid(999, 1_000)).toBe(false);
  });

  it('treats an undecodable token (null expiry) as invalid', () => {
    expect(isTokenValid(null, 1_000)).toBe(false);
  });
});

describe('SessionTimer', () => {
  it('warns 120 seconds before expiry, to the second', () => {
    expect(WARNING_BEFORE_EXPIRY_MS).toBe(120_000);
    const { clock, events, timer } = setup();
    const expiry = clock.now() + 15 * MINUTE;
    timer.start(expiry);

    clock.advanceTo(expiry - 121 * SECOND);
    expect(events).toEqual([]);
    clock.advanceTo(expiry - 120 * SECOND - 1);
    expect(events).toEqual([]);
    clock.advanceTo(expiry - 120 * SECOND);
    expect(events).toEqual([`warning@${expiry - 120 * SECOND}`]);
  });

  it('expires at the expiry time and not a second before', () => {
    const { clock, events, timer } = setup();
    const expiry = clock.now() + 15 * MINUTE;
    timer.start(expiry);

    clock.advanceTo(expiry - SECOND);
    expect(events).toEqual([`warning@${expiry - 120 * SECOND}`]);
    clock.advanceTo(expiry);
    expect(events).toEqual([`warning@${expiry - 120 * SECOND}`, `expired@${expiry}`]);
  });

  it('warns at once when started inside the warning window', () => {
    const { clock, events, timer } = setup();
    const start = clock.now();
    timer.start(start + 60 * SECOND);

    clock.advance(0);
    expect(events).toEqual([`warning@${start}`]);
    clock.advance(60 * SECOND);
    expect(events).toEqual([`warning@${start}`, `expired@${start + 60 * SECOND}`]);
  });

  it('reschedule moves both the warning and the expiry to the new token', () => {
    const { clock, events, timer } = setup();
    const first = clock.now() + 15 * MINUTE;
    timer.start(first);
    clock.advanceTo(first - 120 * SECOND);
    expect(events).toHaveLength(1);

    const second = clock.now() + 15 * MINUTE;
    timer.reschedule(second);

    clock.advanceTo(first);
    expect(events).toHaveLength(1); // the old expiry no longer fires
    clock.advanceTo(second - 120 * SECOND - SECOND);
    expect(events).toHaveLength(1);
    clock.advanceTo(second - 120 * SECOND);
    expect(events.at(-1)).toBe(`warning@${second - 120 * SECOND}`);
    clock.advanceTo(second - SECOND);
    expect(events).toHaveLength(2);
    clock.advanceTo(second);
    expect(events.at(-1)).toBe(`expired@${second}`);
    expect(clock.pendingCount()).toBe(0);
  });

  it('stop cancels the warning and the expiry', () => {
    const { clock, events, timer } = setup();
    const expiry = clock.now() + 15 * MINUTE;
    timer.start(expiry);
    timer.stop();

    clock.advanceTo(expiry + MINUTE);
    expect(events).toEqual([]);
    expect(clock.pendingCount()).toBe(0);
  });

  it('starting again replaces the previous schedule', () => {
    const { clock, events, timer } = setup();
    const expiry = clock.now() + 15 * MINUTE;
    timer.start(expiry);
    timer.start(expiry);
    expect(clock.pendingCount()).toBe(2);
    clock.advanceTo(expiry);
    expect(events).toHaveLength(2);
  });
});
