import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrationTurns } from './hydration-turns';

/** Runs one task (the turns let one part go, or show one part's state, per task). */
const nextTask = () => vi.advanceTimersToNextTimerAsync();

describe('HydrationTurns (D20)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets the parts hydrate one a task in the order they asked, a part found inside another after those waiting', async () => {
    const turns = new HydrationTurns();
    const log: string[] = [];
    const ask = (part: string) => void turns.turnOf(part)?.then(() => log.push(`hydrate ${part}`));
    ask('top bar');
    ask('page');
    ask('footer');
    // The same promise each time a part asks again (React asks on every retry).
    expect(turns.turnOf('page')).toBe(turns.turnOf('page'));

    await nextTask();
    await Promise.resolve();
    expect(log).toEqual(['hydrate top bar']);
    await nextTask();
    await Promise.resolve();
    ask('carousel'); // found while the page hydrates
    expect(log).toEqual(['hydrate top bar', 'hydrate page']);
    await nextTask();
    await nextTask();
    await Promise.resolve();
    expect(log).toEqual(['hydrate top bar', 'hydrate page', 'hydrate footer', 'hydrate carousel']);
    // A part let go hydrates at once from then on.
    expect(turns.turnOf('page')).toBeUndefined();
  });

  it('restores what must come first once all are hydrated, then shows each part, innermost first, one a task, then is live', async () => {
    const turns = new HydrationTurns();
    const log: string[] = [];
    const parts = ['top bar', 'page', 'carousel'];
    for (const part of parts) void turns.turnOf(part);
    turns.whenAllHydrated({ hydrated: () => log.push('session'), shown: () => log.push('live') });
    await vi.runAllTimersAsync();
    // Not before every part let go says it is hydrated.
    turns.hydrated('top bar', () => log.push('show top bar'));
    turns.hydrated('page', () => log.push('show page'));
    await vi.runAllTimersAsync();
    expect(log).toEqual([]);

    turns.hydrated('carousel', () => log.push('show carousel'));
    await nextTask();
    expect(log).toEqual(['session', 'show carousel']);
    await nextTask();
    expect(log).toEqual(['session', 'show carousel', 'show page']);
    await vi.runAllTimersAsync();
    expect(log).toEqual(['session', 'show carousel', 'show page', 'show top bar', 'live']);
    // Live: a part shown later (after a navigation) renders at once.
    expect(turns.turnOf('next page')).toBeUndefined();
  });

  it('a page with no parts is live in the next task', async () => {
    const turns = new HydrationTurns();
    const live = vi.fn();
    turns.whenAllHydrated({ hydrated: () => undefined, shown: live });
    expect(live).not.toHaveBeenCalled();
    await nextTask();
    expect(live).toHaveBeenCalledOnce();
  });

  it('a cancelled wait is never called', async () => {
    const turns = new HydrationTurns();
    const live = vi.fn();
    const cancel = turns.whenAllHydrated({ hydrated: () => undefined, shown: live });
    cancel();
    await vi.runAllTimersAsync();
    expect(live).not.toHaveBeenCalled();
  });
});
