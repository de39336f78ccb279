import type { StoreApi } from 'zustand';
import type { ElderBenchApi } from '../../../../shared/api/index.js';
import type { AppState } from '../app-store.js';

/**
 * A slice creator typed against the combined store, so slices can read each other through `get()`.
 * The API comes in as an argument: the window passes the real one, tests a fake.
 */
export type Slice<T> = (set: StoreApi<AppState>['setState'], get: StoreApi<AppState>['getState'], api: ElderBenchApi) => T;

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
