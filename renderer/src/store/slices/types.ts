import type { StateCreator } from 'zustand';
import type { AppState } from '../app-store.js';

/** A slice creator typed against the combined store, so slices can read each other through `get()`. */
export type Slice<T> = StateCreator<AppState, [], [], T>;

export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
