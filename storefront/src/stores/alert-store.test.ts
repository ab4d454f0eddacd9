import { autorun } from 'mobx';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../adapters/fake/fake-clock';
import { ALERT_VISIBLE_MS, AlertStore } from './alert-store';

describe('AlertStore outcomes (SPEC 8)', () => {
  const texts = { ok: 'Saved!', rejected: 'Failed to save.', unavailable: 'An error occurred while saving.' };
  const shown = (outcome: Parameters<AlertStore['showOutcome']>[0]) => {
    const store = new AlertStore(new FakeClock());
    store.showOutcome(outcome, texts);
    return store.alerts.map(({ kind, message }) => `${kind}: ${message}`);
  };

  it("alerts the success text, the server's refusal or the fallback, and the exception text", () => {
    expect(shown({ ok: true, data: undefined, message: 'Server says saved' })).toEqual(['success: Saved!']);
    expect(shown({ ok: false, kind: 'rejected', message: 'Name too long' })).toEqual(['error: Name too long']);
    expect(shown({ ok: false, kind: 'rejected' })).toEqual(['error: Failed to save.']);
    expect(shown({ ok: false, kind: 'unavailable', message: 'Network error' })).toEqual(['error: An error occurred while saving.']);
  });

  it('says nothing when the session was refused: its end is the answer', () => {
    expect(shown({ ok: false, kind: 'unauthorised', message: 'Unauthorized' })).toEqual([]);
  });
});

describe('AlertStore alerts', () => {
  it('shows an info alert by default and hides it after exactly 2000 ms', () => {
    const clock = new FakeClock();
    const store = new AlertStore(clock);
    expect(ALERT_VISIBLE_MS).toBe(2000);

    store.show('Saved');
    expect(store.alerts).toEqual([{ id: expect.any(Number), message: 'Saved', kind: 'info' }]);

    clock.advance(1999);
    expect(store.alerts).toHaveLength(1);
    clock.advance(1);
    expect(store.alerts).toEqual([]);
  });

  it('keeps several alerts, each with its own kind and timer', () => {
    const clock = new FakeClock();
    const store = new AlertStore(clock);

    store.show('Error during login: nope', 'error');
    clock.advance(1000);
    store.show('User information updated successfully!', 'success');
    expect(store.alerts.map((a) => a.kind)).toEqual(['error', 'success']);
    expect(new Set(store.alerts.map((a) => a.id)).size).toBe(2);

    clock.advance(1000);
    expect(store.alerts.map((a) => a.message)).toEqual(['User information updated successfully!']);
    clock.advance(1000);
    expect(store.alerts).toEqual([]);
  });

  it('the same alert again replaces the one on screen, with a timer of its own: one box, never a pile', () => {
    const clock = new FakeClock();
    const store = new AlertStore(clock);
    const first = store.show('Product added to cart!', 'success');
    store.show('Cart is already empty.');
    clock.advance(1500);
    const again = store.show('Product added to cart!', 'success');
    expect(again).not.toBe(first);
    expect(store.alerts.map((alert) => alert.message)).toEqual(['Cart is already empty.', 'Product added to cart!']);
    // The first one's timer no longer runs; the new one's does.
    clock.advance(500);
    expect(store.alerts.map((alert) => alert.id)).toEqual([again]);
    clock.advance(1499);
    expect(store.alerts).toHaveLength(1);
    clock.advance(1);
    expect(store.alerts).toEqual([]);
    // The same text as another kind is another alert.
    store.show('Saved', 'success');
    store.show('Saved', 'error');
    expect(store.alerts).toHaveLength(2);
  });

  it('dismiss removes one alert at once and cancels its timer', () => {
    const clock = new FakeClock();
    const store = new AlertStore(clock);
    const first = store.show('one');
    store.show('two');

    store.dismiss(first);
    expect(store.alerts.map((a) => a.message)).toEqual(['two']);
    expect(clock.pendingCount()).toBe(1);
  });

  it('is observable: a reaction sees alerts come and go', () => {
    const clock = new FakeClock();
    const store = new AlertStore(clock);
    const seen: number[] = [];
    const stop = autorun(() => seen.push(store.alerts.length));

    store.show('hello');
    clock.advance(ALERT_VISIBLE_MS);
    stop();
    expect(seen).toEqual([0, 1, 0]);
  });
});

describe('AlertStore confirm dialog', () => {
  it('opens with the question and resolves true on yes', async () => {
    const store = new AlertStore(new FakeClock());
    const answer = store.confirm('Are you sure you want to delete this address?');
    expect(store.pendingConfirm).toEqual({ message: 'Are you sure you want to delete this address?' });

    store.answerConfirm(true);
    await expect(answer).resolves.toBe(true);
    expect(store.pendingConfirm).toBeNull();
  });

  it('resolves false on no', async () => {
    const store = new AlertStore(new FakeClock());
    const answer = store.confirm('Sure?');
    store.answerConfirm(false);
    await expect(answer).resolves.toBe(false);
    expect(store.pendingConfirm).toBeNull();
  });

  it('a second question answers the open one with no', async () => {
    const store = new AlertStore(new FakeClock());
    const first = store.confirm('first?');
    const second = store.confirm('second?');
    await expect(first).resolves.toBe(false);
    expect(store.pendingConfirm).toEqual({ message: 'second?' });
    store.answerConfirm(true);
    await expect(second).resolves.toBe(true);
  });

  it('an answer with no open question changes nothing', () => {
    const store = new AlertStore(new FakeClock());
    store.answerConfirm(true);
    expect(store.pendingConfirm).toBeNull();
  });
});
