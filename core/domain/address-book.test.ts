import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Address } from './address';
import {
  NEW_ADDRESS_KEY,
  addressKey,
  applyDefaultExclusivity,
  digitsOnly,
  emptyAddress,
  holdsOnlyServerIds,
  isServerId,
  optimisticSave,
  reconcileSaved,
  removeAddress,
  sortNewestFirst,
  temporaryId,
  withCity,
  withCorporateInvoice,
  withNeighbour,
  withSubMunicipality,
} from './address-book';

const SERVER_A = 'aaaaaaaaaaaaaaaa01';
const SERVER_B = 'bbbbbbbbbbbbbbbb02';
const SERVER_C = 'cccccccccccccccc03';

function address(overrides: Partial<Address> = {}): Address {
  return { ...emptyAddress(), addressName: 'Home', ...overrides };
}

/** Deep-frozen input: any mutation by the code under test throws (strict mode). */
function frozen<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (child && typeof child === 'object') frozen(child);
  return Object.freeze(value);
}

const located = address({
  stateId: 34,
  stateCode: '34',
  stateName: 'İstanbul',
  subMunicipalityId: 1,
  subMunicipalityNameInitialCapital: 'Kadıköy',
  neighbourId: 2,
  neighbourNameInitialCapital: 'Moda',
});

describe('emptyAddress', () => {
  it('is blank, unsaved, not default, not corporate', () => {
    const blank = emptyAddress();
    expect(blank._id).toBeUndefined();
    expect(blank.addressId).toBeUndefined();
    expect(blank.addressType).toBe('');
    expect(blank.isDefaultAddress).toBe(false);
    expect(blank.isCorporateInvoice).toBe(false);
    expect([blank.stateId, blank.subMunicipalityId, blank.neighbourId]).toEqual([null, null, null]);
    expect(addressKey(blank)).toBe(NEW_ADDRESS_KEY);
  });

  it('returns a fresh object each time', () => {
    expect(emptyAddress()).not.toBe(emptyAddress());
  });
});

describe('isServerId', () => {
  it.each([
    { id: undefined, expected: false },
    { id: '', expected: false },
    { id: 'tmp-3', expected: false },
    { id: 'x'.repeat(15), expected: false },
    { id: 'x'.repeat(16), expected: true },
    { id: '65f0c2a9e4b0a1b2c3d4e5f6', expected: true },
  ])('$id -> $expected', ({ id, expected }) => {
    expect(isServerId(id)).toBe(expected);
  });
});

describe('addressKey', () => {
  it.each([
    { name: 'saved address: its id', value: { _id: SERVER_A }, expected: SERVER_A },
    { name: 'optimistic address: its temporary id', value: { _id: 'tmp-1' }, expected: 'tmp-1' },
    { name: 'new address: 999', value: {}, expected: 999 },
    { name: 'empty id counts as new', value: { _id: '' }, expected: 999 },
  ])('$name', ({ value, expected }) => {
    expect(addressKey(value)).toBe(expected);
  });
});

describe('sortNewestFirst', () => {
  it('orders by addressId descending, unnumbered ones first in their order', () => {
    const list = frozen([
      address({ _id: 'a', addressId: 2 }),
      address({ _id: 'new1' }),
      address({ _id: 'b', addressId: 10 }),
      address({ _id: 'new2' }),
      address({ _id: 'c', addressId: 5 }),
    ]);
    expect(sortNewestFirst(list).map((a) => a._id)).toEqual(['new1', 'new2', 'b', 'c', 'a']);
  });

  it('is a descending permutation for any list', () => {
    fc.assert(
      fc.property(fc.array(fc.option(fc.integer({ min: 0, max: 50 }), { nil: undefined })), (ids) => {
        const list = ids.map((addressId, i) => address({ _id: String(i), addressId }));
        const sorted = sortNewestFirst(frozen(list));
        expect([...sorted].sort((a, b) => Number(a._id) - Number(b._id))).toEqual(list);
        const firstNumbered = sorted.findIndex((a) => a.addressId !== undefined);
        if (firstNumbered >= 0) {
          expect(sorted.slice(firstNumbered).every((a) => a.addressId !== undefined)).toBe(true);
        }
        for (let i = 1; i < sorted.length; i += 1) {
          const [prev, cur] = [sorted[i - 1]!.addressId, sorted[i]!.addressId];
          if (prev !== undefined && cur !== undefined) expect(prev).toBeGreaterThanOrEqual(cur);
        }
      }),
    );
  });
});

describe('digitsOnly', () => {
  it.each([
    { previous: '53', input: '532', expected: '532' },
    { previous: '532', input: '', expected: '' },
    { previous: '53', input: '53a', expected: '53' },
    { previous: '53', input: '5 3', expected: '53' },
    { previous: '53', input: '-53', expected: '53' },
    { previous: '53', input: '5.3', expected: '53' },
    { previous: '53', input: '５３', expected: '53' },
    { previous: '', input: '0090', expected: '0090' },
  ])('$previous then $input -> $expected', ({ previous, input, expected }) => {
    expect(digitsOnly(previous, input)).toBe(expected);
  });

  it('result is always digits-only when the previous value was', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]*$/), fc.string(), (previous, input) => {
        const result = digitsOnly(previous, input);
        expect(result).toMatch(/^[0-9]*$/);
        expect([previous, input]).toContain(result);
      }),
    );
  });
});

describe('withCorporateInvoice', () => {
  const corporate = frozen(address({ isCorporateInvoice: true, taxNumber: '123', taxOffice: 'Kadıköy', corporateTitle: 'ACME' }));

  it('unticking clears tax number, tax office and corporate title', () => {
    expect(withCorporateInvoice(corporate, false)).toEqual({
      ...corporate,
      isCorporateInvoice: false,
      taxNumber: '',
      taxOffice: '',
      corporateTitle: '',
    });
  });

  it('ticking keeps the fields', () => {
    expect(withCorporateInvoice({ ...corporate, isCorporateInvoice: false }, true)).toEqual(corporate);
  });
});

describe('cascading location selection', () => {
  it('choosing a city sets it and clears district and neighbourhood', () => {
    expect(withCity(frozen({ ...located }), { stateId: 6, stateCode: '06', stateName: 'Ankara' })).toEqual({
      ...located,
      stateId: 6,
      stateCode: '06',
      stateName: 'Ankara',
      subMunicipalityId: null,
      subMunicipalityNameInitialCapital: '',
      neighbourId: null,
      neighbourNameInitialCapital: '',
    });
  });

  it('choosing a district sets it and clears the neighbourhood, keeping the city', () => {
    expect(withSubMunicipality(frozen({ ...located }), { subMunicipalityId: 7, subMunicipalityNameInitialCapital: 'Beşiktaş' })).toEqual({
      ...located,
      subMunicipalityId: 7,
      subMunicipalityNameInitialCapital: 'Beşiktaş',
      neighbourId: null,
      neighbourNameInitialCapital: '',
    });
  });

  it('choosing none clears the level and those under it, keeping those above', () => {
    const cleared = { subMunicipalityId: null, subMunicipalityNameInitialCapital: '', neighbourId: null, neighbourNameInitialCapital: '' };
    expect(withCity(frozen({ ...located }), undefined)).toEqual({ ...located, ...cleared, stateId: null, stateCode: '', stateName: '' });
    expect(withSubMunicipality(frozen({ ...located }), undefined)).toEqual({ ...located, ...cleared });
    expect(withNeighbour(frozen({ ...located }), undefined)).toEqual({ ...located, neighbourId: null, neighbourNameInitialCapital: '' });
  });

  it('choosing a neighbourhood stores its id and name, keeping the rest', () => {
    expect(withNeighbour(frozen({ ...located }), { neighbourId: 9, neighbourNameInitialCapital: 'Caferağa' })).toEqual({
      ...located,
      neighbourId: 9,
      neighbourNameInitialCapital: 'Caferağa',
    });
  });
});

describe('applyDefaultExclusivity', () => {
  const list = () =>
    frozen([
      address({ _id: SERVER_A, isDefaultAddress: true }),
      address({ _id: SERVER_B, isDefaultAddress: false }),
      address({ _id: SERVER_C, isDefaultAddress: true }),
    ]);
  const defaults = (addresses: Address[]) => addresses.map((a) => a.isDefaultAddress);

  it.each([
    { name: 'a saved default takes default from all others', key: SERVER_B, change: true, expected: [false, true, false] },
    { name: 'a saved non-default changes nothing', key: SERVER_B, change: false, expected: [true, false, true] },
    { name: 'an already default one keeps it alone', key: SERVER_C, change: null, expected: [false, false, true] },
    { name: 'an unknown key changes nothing', key: 'nope', change: null, expected: [true, false, true] },
  ])('$name', ({ key, change, expected }) => {
    const start = change === null ? list() : list().map((a) => (a._id === key ? { ...a, isDefaultAddress: change } : a));
    expect(defaults(applyDefaultExclusivity(frozen(start), key))).toEqual(expected);
  });

  it('works for the new-address key', () => {
    const start = frozen([address({ isDefaultAddress: true }), address({ _id: SERVER_A, isDefaultAddress: true })]);
    expect(defaults(applyDefaultExclusivity(start, NEW_ADDRESS_KEY))).toEqual([true, false]);
  });
});

describe('temporaryId', () => {
  it.each([
    { counter: 3, expected: 'tmp-3' },
    { counter: 0, expected: 'tmp-0' },
    { counter: 36, expected: 'tmp-10' },
    { counter: Number.MAX_SAFE_INTEGER, expected: 'tmp-2gosa7pa2gv' },
  ])('$counter -> $expected', ({ counter, expected }) => {
    expect(temporaryId(counter)).toBe(expected);
  });

  it('is never taken for a server id and differs for different counters', () => {
    fc.assert(
      fc.property(fc.double(), (counter) => {
        expect(isServerId(temporaryId(counter))).toBe(false);
      }),
    );
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        fc.pre(a !== b);
        expect(temporaryId(a)).not.toBe(temporaryId(b));
      }),
    );
  });
});

describe('optimistic editing', () => {
  const saved = () =>
    frozen([
      address({ _id: SERVER_A, addressId: 2, addressName: 'Home', isDefaultAddress: true }),
      address({ _id: SERVER_B, addressId: 1, addressName: 'Work' }),
    ]);

  it('a new address is added at the top with the temporary id', () => {
    const result = optimisticSave(saved(), address({ addressName: 'Summer' }), 'tmp-1');
    expect(result.map((a) => [a._id, a.addressName])).toEqual([
      ['tmp-1', 'Summer'],
      [SERVER_A, 'Home'],
      [SERVER_B, 'Work'],
    ]);
  });

  it('an edited address replaces the one with its id, in place', () => {
    const result = optimisticSave(saved(), { ...saved()[1]!, addressName: 'Office' }, 'tmp-1');
    expect(result.map((a) => [a._id, a.addressName])).toEqual([
      [SERVER_A, 'Home'],
      [SERVER_B, 'Office'],
    ]);
  });

  it('saving a default address removes default from the others', () => {
    const result = optimisticSave(saved(), address({ isDefaultAddress: true }), 'tmp-1');
    expect(result.map((a) => [a._id, a.isDefaultAddress])).toEqual([
      ['tmp-1', true],
      [SERVER_A, false],
      [SERVER_B, false],
    ]);
  });

  it('reconcile swaps the temporary id for the server id', () => {
    const optimistic = frozen(optimisticSave(saved(), address({ addressName: 'Summer' }), 'tmp-1'));
    expect(reconcileSaved(optimistic, 'tmp-1', SERVER_C).map((a) => a._id)).toEqual([SERVER_C, SERVER_A, SERVER_B]);
  });

  it.each([
    { name: 'same id', from: SERVER_A, to: SERVER_A, expected: [SERVER_A, SERVER_B] },
    { name: 'empty new id', from: SERVER_A, to: '', expected: [SERVER_A, SERVER_B] },
    { name: 'unknown temporary id', from: 'tmp-9', to: SERVER_C, expected: [SERVER_A, SERVER_B] },
  ])('reconcile with $name changes nothing', ({ from, to, expected }) => {
    expect(reconcileSaved(saved(), from, to).map((a) => a._id)).toEqual(expected);
  });

  it('reconcile drops the temporary entry when the server id is already listed', () => {
    const list = frozen([address({ _id: 'tmp-1' }), ...saved()]);
    expect(reconcileSaved(list, 'tmp-1', SERVER_B).map((a) => a._id)).toEqual([SERVER_A, SERVER_B]);
  });

  it.each([
    { name: 'by id', id: SERVER_A, expected: [undefined, '', SERVER_B] },
    { name: 'unknown id: nothing', id: 'tmp-7', expected: [undefined, '', SERVER_A, SERVER_B] },
    { name: 'the unsaved tiles, also one with an empty id', id: undefined, expected: [SERVER_A, SERVER_B] },
  ])('removeAddress $name', ({ id, expected }) => {
    const list = frozen([address(), address({ _id: '' }), ...saved()]);
    expect(removeAddress(list, id).map((a) => a._id)).toEqual(expected);
  });

  it.each([
    { name: 'only server ids', ids: [SERVER_A, SERVER_B], expected: true },
    { name: 'empty list', ids: [], expected: true },
    { name: 'a temporary id', ids: [SERVER_A, 'tmp-1'], expected: false },
    { name: 'an unsaved address', ids: [SERVER_A, undefined], expected: false },
  ])('holdsOnlyServerIds: $name', ({ ids, expected }) => {
    expect(holdsOnlyServerIds(ids.map((_id) => address({ _id })))).toBe(expected);
  });
});

// ---- properties over random address lists ----

const serverId = fc.string({ minLength: 16, maxLength: 24, unit: fc.constantFrom(...'abcdef0123456789') });
const savedList = fc
  .uniqueArray(fc.record({ _id: serverId, isDefaultAddress: fc.boolean(), addressName: fc.string({ maxLength: 5 }) }), {
    selector: (a) => a._id,
    maxLength: 8,
  })
  .map((rows) => rows.map((row, i) => address({ ...row, addressId: i + 1 })));

describe('optimistic editing invariants', () => {
  it('save then reconcile: one entry per id, the server id in place of the temporary one, default exclusive', () => {
    fc.assert(
      fc.property(savedList, fc.boolean(), fc.boolean(), serverId, fc.nat(), (list, isNew, isDefault, newId, pick) => {
        fc.pre(!list.some((a) => a._id === newId));
        const snapshot = structuredClone(list);
        const target = isNew || list.length === 0 ? address() : list[pick % list.length]!;
        const edited = { ...target, isDefaultAddress: isDefault };
        const tempId = temporaryId(pick);

        const optimistic = optimisticSave(frozen(structuredClone(list)), edited, tempId);
        const key = edited._id ?? tempId;
        expect(optimistic).toHaveLength(edited._id ? list.length : list.length + 1);
        expect(optimistic.find((a) => a._id === key)?.isDefaultAddress).toBe(isDefault);
        if (isDefault) expect(optimistic.filter((a) => a.isDefaultAddress).map((a) => a._id)).toEqual([key]);
        expect(holdsOnlyServerIds(optimistic)).toBe(Boolean(edited._id));

        const reconciled = reconcileSaved(frozen(optimistic), key, edited._id ?? newId);
        expect(holdsOnlyServerIds(reconciled)).toBe(true);
        expect(new Set(reconciled.map((a) => a._id)).size).toBe(reconciled.length);
        expect(list).toEqual(snapshot);
      }),
    );
  });

  it('rollback is restoring the snapshot: the input list is never changed by any function', () => {
    fc.assert(
      fc.property(savedList, fc.nat(), (list, pick) => {
        const snapshot = structuredClone(list);
        const input = frozen(structuredClone(list));
        const id = list.length > 0 ? list[pick % list.length]!._id : undefined;
        optimisticSave(input, address({ isDefaultAddress: true }), 'tmp-1');
        applyDefaultExclusivity(input, id ?? NEW_ADDRESS_KEY);
        reconcileSaved(input, id ?? 'tmp-1', 'zzzzzzzzzzzzzzzzzz');
        removeAddress(input, id);
        sortNewestFirst(input);
        expect(input).toEqual(snapshot);
      }),
    );
  });
});
