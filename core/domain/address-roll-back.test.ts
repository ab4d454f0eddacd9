import { describe, expect, it } from 'vitest';
import type { Address } from './address';
import { emptyAddress } from './address-book';
import { rollBack } from './address-roll-back';

const address = (id: string, addressName = id): Address => ({ ...emptyAddress(), _id: id, addressName });
const names = (list: readonly Address[]) => list.map((entry) => `${entry._id}:${entry.addressName}`);

describe('rollBack', () => {
  const [a, b, c] = [address('a'), address('b'), address('c')];

  it('removes an entry the change added', () => {
    const before = [a, b];
    const optimistic = [a, b, address('tmp-1')];
    expect(names(rollBack(optimistic, before, optimistic))).toEqual(['a:a', 'b:b']);
  });

  it('gives a replaced entry its old version back', () => {
    const before = [a, b];
    const optimistic = [address('a', 'A2'), b];
    expect(rollBack(optimistic, before, optimistic)).toEqual(before);
  });

  it('brings a removed entry back at its old position', () => {
    const before = [a, b, c];
    const optimistic = [a, c];
    expect(names(rollBack(optimistic, before, optimistic))).toEqual(['a:a', 'b:b', 'c:c']);
  });

  it('keeps every change made meanwhile by another edit', () => {
    const before = [a, b];
    const optimistic = [address('a', 'A2'), b];
    // Meanwhile another tile saved b and added c.
    const current = [address('a', 'A2'), address('b', 'B2'), c];
    expect(names(rollBack(current, before, optimistic))).toEqual(['a:a', 'b:B2', 'c:c']);
  });
});
