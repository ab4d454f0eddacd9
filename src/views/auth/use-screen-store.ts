import { useState } from 'react';

/**
 * A store that lives as long as the component: made once from its factory (bound in src/di), so
 * a form's typed values vanish when the screen closes.
 */
export function useScreenStore<T>(create: () => T): T {
  const [store] = useState(create);
  return store;
}
