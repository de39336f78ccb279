import { cleanup } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';

// The renderer files share one worker and its DOM (isolate: false in vitest.config.ts): whatever a test rendered is
// unmounted after it, and the page emptied after each file, so no query finds another file's leftovers.
afterEach(cleanup);
afterAll(() => {
  document.body.innerHTML = '';
});
