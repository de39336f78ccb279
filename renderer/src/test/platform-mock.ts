import { fake } from './fake-api.js';

/**
 * What `platform/api.js` exports, backed by the fake backend. A component test replaces the
 * real module with `vi.mock('…/platform/api.js', () => import('…/test/platform-mock.js'))`.
 */
export const api = fake.api;
export const transport = 'web' as const;
export const blobUrl = (id: string): string => `/blobs/${id}`;
export const frameUrl = (id: string): string => `/frames/${id}`;
