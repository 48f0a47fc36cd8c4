// Setup of the web component tests (jsdom): i18next in English with every namespace loaded, and
// a clean document and storage after each test.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { initI18n, NAMESPACES } from '../src/i18n/index.ts';

await initI18n('en', NAMESPACES);

afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
