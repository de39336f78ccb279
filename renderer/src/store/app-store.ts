import { create } from 'zustand';
import type { ElderBenchApi } from '../../../shared/api/index.js';
import { api, transport } from '../platform/api.js';
import type { AnalysisSlice } from './slices/analysis-slice.js';
import { createAnalysisSlice } from './slices/analysis-slice.js';
import type { AppSlice } from './slices/app-slice.js';
import { createAppSlice } from './slices/app-slice.js';
import type { DevicesSlice } from './slices/devices-slice.js';
import { createDevicesSlice } from './slices/devices-slice.js';
import type { GraphsSlice } from './slices/graphs-slice.js';
import { createGraphsSlice } from './slices/graphs-slice.js';
import type { OffGraphSlice } from './slices/off-graph-slice.js';
import { createOffGraphSlice } from './slices/off-graph-slice.js';
import type { OverviewSlice } from './slices/overview-slice.js';
import { createOverviewSlice } from './slices/overview-slice.js';
import type { RecordingSlice } from './slices/recording-slice.js';
import { createRecordingSlice } from './slices/recording-slice.js';
import type { ReviewSlice } from './slices/review-slice.js';
import { createReviewSlice } from './slices/review-slice.js';
import type { RunsSlice } from './slices/runs-slice.js';
import { createRunsSlice } from './slices/runs-slice.js';
import type { SettingsSlice } from './slices/settings-slice.js';
import { createSettingsSlice } from './slices/settings-slice.js';
import type { TasksSlice } from './slices/tasks-slice.js';
import { createTasksSlice } from './slices/tasks-slice.js';
import type { WorkspaceSlice } from './slices/workspace-slice.js';
import { createWorkspaceSlice } from './slices/workspace-slice.js';

export type { Status } from './slices/app-slice.js';

export type AppState = AppSlice &
  SettingsSlice &
  WorkspaceSlice &
  TasksSlice &
  DevicesSlice &
  RecordingSlice &
  OverviewSlice &
  GraphsSlice &
  OffGraphSlice &
  RunsSlice &
  ReviewSlice &
  AnalysisSlice;

/**
 * One store for the window, built from slices. Server state and every API call live in the
 * slices' actions; components select state and dispatch actions, never calling the API.
 */
export function createAppStore(backend: ElderBenchApi, host: 'electron' | 'web' = 'web') {
  return create<AppState>()((set, get) => ({
    ...createAppSlice(host)(set, get, backend),
    ...createSettingsSlice(set, get, backend),
    ...createWorkspaceSlice(host)(set, get, backend),
    ...createTasksSlice(set, get, backend),
    ...createDevicesSlice(set, get, backend),
    ...createRecordingSlice(set, get, backend),
    ...createOverviewSlice(set, get, backend),
    ...createGraphsSlice(set, get, backend),
    ...createOffGraphSlice(set, get, backend),
    ...createRunsSlice(set, get, backend),
    ...createReviewSlice(set, get, backend),
    ...createAnalysisSlice(set, get, backend),
  }));
}

export const useAppStore = createAppStore(api, transport);
