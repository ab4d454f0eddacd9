import { renderHook } from '@testing-library/react';
import { ContainerModule } from 'inversify';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { PageStores } from '../stores/page-stores';
import { FeatureContainer } from './features';
import { ContainerProvider, storeIn, useStore } from './react';
import { perKey, perScreen, shared, tokens } from './store-tokens';

class Counter {
  constructor(readonly start = 0) {}
}

const TEST = tokens('test', {
  shared: shared<Counter>(),
  screen: perScreen<Counter, number>(),
  keyed: perKey<Counter>(),
});

function world() {
  const container = new FeatureContainer();
  container.load(
    new ContainerModule(({ bind }) => {
      bind(TEST.shared).toConstantValue(new Counter());
      bind(TEST.screen).toConstantValue((start: number) => new Counter(start));
      bind(TEST.keyed).toConstantValue(new PageStores(() => new Counter()));
    }),
  );
  const wrapper = ({ children }: { children: ReactNode }) => <ContainerProvider container={container}>{children}</ContainerProvider>;
  return { container, wrapper };
}

describe('useStore', () => {
  it('names tokens <area>.<name>', () => {
    expect(TEST.keyed).toBe(Symbol.for('test.keyed'));
  });

  it('gives a shared store as it is, the same in every component', () => {
    const { container, wrapper } = world();
    const first = renderHook(() => useStore(TEST.shared), { wrapper });
    const second = renderHook(() => useStore(TEST.shared), { wrapper });
    expect(first.result.current).toBe(second.result.current);
    expect(first.result.current).toBe(storeIn(container, TEST.shared));
  });

  it('makes a per-screen store once per mounted component, from its argument', () => {
    const { wrapper } = world();
    const first = renderHook(({ start }) => useStore(TEST.screen, start), { wrapper, initialProps: { start: 1 } });
    const made = first.result.current;
    first.rerender({ start: 2 });
    expect(first.result.current).toBe(made);
    expect(made.start).toBe(1);
    const second = renderHook(() => useStore(TEST.screen, 3), { wrapper });
    expect(second.result.current).not.toBe(made);
    expect(second.result.current.start).toBe(3);
  });

  it('gives a per-key store by key: the one prepared outside a render for the same key, a new one for another', () => {
    const { container, wrapper } = world();
    const prepared = storeIn(container, TEST.keyed, 'a');
    const view = renderHook(({ key }) => useStore(TEST.keyed, key), { wrapper, initialProps: { key: 'a' } });
    expect(view.result.current).toBe(prepared);
    view.rerender({ key: 'b' });
    expect(view.result.current).not.toBe(prepared);
    expect(storeIn(container, TEST.keyed, 'b')).toBe(view.result.current);
  });
});
