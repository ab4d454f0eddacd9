import { createRequire } from 'node:module';

/** What React keeps on a context object (its development build). */
export interface RecordedContext {
  _currentValue: unknown;
  _currentRenderer?: unknown;
}

/**
 * Every React context made in this test file (the shop's, the router's, any library's), in the
 * order they were made: React's `createContext` is wrapped here, before anything imports React
 * (the first setup file), so ES modules importing it get the wrapped one too.
 */
export const reactContexts: RecordedContext[] = [];

const react = createRequire(import.meta.url)('react') as { createContext: (defaultValue: unknown) => unknown };
const createContext = react.createContext;
react.createContext = (defaultValue) => {
  const context = createContext(defaultValue);
  reactContexts.push(context as RecordedContext);
  return context;
};
