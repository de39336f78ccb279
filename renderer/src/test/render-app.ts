import { cleanup } from '@testing-library/react';
import { useAppStore } from '../store/app-store.js';
import { fake } from './fake-api.js';
import { answerInit } from './fixtures.js';

/**
 * Before each component test: the fake backend forgets everything, the window's store starts
 * from its initial state, and `init()` runs against `answerInit`'s answers (plus `more`).
 * The test file must first route the platform module to the fake:
 * `vi.mock('…/platform/api.js', () => import('…/test/platform-mock.js'))`.
 */
export async function freshApp(
  setup: Parameters<typeof answerInit> extends [unknown, ...infer R] ? R : never,
  more: () => void = () => undefined,
): Promise<void> {
  cleanup();
  fake.reset();
  useAppStore.setState(useAppStore.getInitialState(), true);
  answerInit(fake, ...setup);
  more();
  await useAppStore.getState().init();
}
