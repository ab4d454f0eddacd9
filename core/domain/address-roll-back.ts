import type { Address } from './address';

/**
 * Undoes one optimistic change (`before` -> `optimistic`) in the list as it is now, leaving every
 * other change made meanwhile (another tile's save) in place: entries the change added are
 * removed, entries it replaced get their old version back, entries it removed come back at
 * their old position.
 */
export function rollBack(current: readonly Address[], before: readonly Address[], optimistic: readonly Address[]): Address[] {
  const beforeById = new Map(before.map((address) => [address._id, address]));
  const optimisticIds = new Set(optimistic.map((address) => address._id));
  const touched = new Set(optimistic.filter((address) => beforeById.get(address._id) !== address).map((address) => address._id));
  const result: Address[] = [];
  for (const address of current) {
    if (!touched.has(address._id)) result.push(address);
    else {
      const previous = beforeById.get(address._id);
      if (previous) result.push(previous);
    }
  }
  before.forEach((address, index) => {
    if (optimisticIds.has(address._id) || result.some((candidate) => candidate._id === address._id)) return;
    result.splice(Math.min(index, result.length), 0, address);
  });
  return result;
}
