import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // Node-environment tests (`// @vitest-environment node`, e.g. real HTTP/socket servers) have no DOM storage.
  globalThis.localStorage?.clear();
});
