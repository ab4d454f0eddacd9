import { describe, expect, it } from 'vitest';
import { FakeClock } from './fake-clock';

describe('FakeClock', () => {
  it('runs due tasks in time order and moves now() to each task time', () => {
    const clock = new FakeClock(1_000);
    const seen: Array<[string, number]> = [];
    clock.schedule(300, () => seen.push(['b', clock.now()]));
    clock.schedule(100, () => seen.push(['a', clock.now()]));
    clock.schedule(900, () => seen.push(['c', clock.now()]));
    clock.advance(500);
    expect(seen).toEqual([
      ['a', 1_100],
      ['b', 1_300],
    ]);
    expect(clock.now()).toBe(1_500);
    expect(clock.pendingCount()).toBe(1);
  });

  it('never runs a cancelled task, and runs tasks scheduled by tasks when they fall due', () => {
    const clock = new FakeClock(0);
    const seen: string[] = [];
    clock.schedule(10, () => seen.push('cancelled')).cancel();
    clock.schedule(10, () => clock.schedule(10, () => seen.push('nested')));
    clock.advance(19);
    expect(seen).toEqual([]);
    clock.advance(1);
    expect(seen).toEqual(['nested']);
  });
});
