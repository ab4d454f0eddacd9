import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalRecentlyViewedStorage, RECENTLY_VIEWED_KEY } from './local-recently-viewed-storage';
import { ThrowingStorage } from './throwing-storage';

describe('LocalRecentlyViewedStorage', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
  });

  it('saves under recentlyViewed and reads the same list back', () => {
    const list = [
      { id: 'p1', name: 'Çaydanlık', price: 10, image: 'https://shop/p1.webp' },
      { id: 'p2', name: 'Cup' },
    ];
    new LocalRecentlyViewedStorage(localStorage).save(list);
    expect(JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? 'null')).toEqual(list);
    expect(new LocalRecentlyViewedStorage(localStorage).load()).toEqual(list);
  });

  it('reads nothing stored, unparsable or not a list as empty, and drops an unreadable entry alone', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new LocalRecentlyViewedStorage(localStorage);
    expect(storage.load()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{not json');
    expect(storage.load()).toEqual([]);
    localStorage.setItem(RECENTLY_VIEWED_KEY, '{"id":"p1"}');
    expect(storage.load()).toEqual([]);
    localStorage.setItem(
      RECENTLY_VIEWED_KEY,
      JSON.stringify([{ id: 'p1', name: 'A' }, { id: '', name: 'B' }, { name: 'C' }, null, { id: 'p2', name: 'D', price: 'x' }]),
    );
    expect(storage.load()).toEqual([{ id: 'p1', name: 'A' }]);
  });

  it('only logs when the browser refuses its storage', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new LocalRecentlyViewedStorage(new ThrowingStorage());
    storage.save([{ id: 'p1', name: 'A' }]);
    expect(storage.load()).toEqual([]);
    expect(error).toHaveBeenCalledTimes(2);
  });
});
