import type { AnalysisView } from '../../../../shared/api/index.js';
import type { VerbAnnotationRow } from '../../../../shared/domain/analysis.js';
import type { Slice } from './types.js';
import { errorMessage } from './types.js';

/** What the Analysis screen asks the backend for. */
export type AnalysisRequest =
  | { kind: 'linguistics'; taskSet?: string; baselineSet?: string }
  | { kind: 'normalization'; original: string; rewritten: string }
  | { kind: 'failures' | 'attribution'; runs: string[] };

/** The Analysis screen's results: the last computed analysis and the verb annotations of a task set. */
export interface AnalysisSlice {
  analysisView: AnalysisView | null;
  analysisBusy: boolean;
  /** The verb annotations of `taskSet` ('' = every task); null while loading. */
  verbRows: { taskSet: string; rows: VerbAnnotationRow[] } | null;
  computeAnalysis(r: AnalysisRequest): Promise<void>;
  /** Drops the shown result (a new question). */
  clearAnalysis(): void;
  /** Another workspace was opened: neither the result nor the verbs are its. */
  forgetAnalysis(): void;
  loadVerbs(taskSet: string): Promise<void>;
  /** A person accepts or edits one instruction's core verbs; the row is replaced by the saved one. */
  acceptVerbs(taskId: string, verbs: string[]): Promise<void>;
}

export const createAnalysisSlice: Slice<AnalysisSlice> = (set, get, api) => {
  let request = 0;
  let verbRequest = 0;
  return {
    analysisView: null,
    analysisBusy: false,
    verbRows: null,
    async computeAnalysis(r) {
      const n = ++request;
      set({ analysisBusy: true, analysisView: null });
      try {
        const view =
          r.kind === 'linguistics'
            ? await api.analysis.linguistics({
                ...(r.taskSet ? { taskSet: r.taskSet } : {}),
                ...(r.baselineSet ? { baselineSet: r.baselineSet } : {}),
              })
            : r.kind === 'normalization'
              ? await api.analysis.normalization({ original: r.original, rewritten: r.rewritten })
              : r.kind === 'failures'
                ? await api.analysis.failures({ runs: r.runs })
                : await api.analysis.attribution({ runs: r.runs });
        if (n === request) set({ analysisView: view });
      } catch (e) {
        get().notify(`Analysis failed: ${errorMessage(e)}`, 'error');
      } finally {
        if (n === request) set({ analysisBusy: false });
      }
    },
    clearAnalysis() {
      request++;
      set({ analysisView: null, analysisBusy: false });
    },
    forgetAnalysis() {
      get().clearAnalysis();
      verbRequest++;
      set({ verbRows: null });
    },
    async loadVerbs(taskSet) {
      const n = ++verbRequest;
      set({ verbRows: null });
      try {
        const rows = await api.analysis.verbs(taskSet ? { taskSet } : {});
        if (n === verbRequest) set({ verbRows: { taskSet, rows } });
      } catch (e) {
        get().notify(`Could not load verb annotations: ${errorMessage(e)}`, 'error');
      }
    },
    async acceptVerbs(taskId, verbs) {
      try {
        const row = await api.analysis.acceptVerbs({ taskId, verbs });
        const cur = get().verbRows;
        if (cur) set({ verbRows: { ...cur, rows: cur.rows.map((r) => (r.taskId === taskId ? row : r)) } });
        get().notify(`Verbs of ${taskId} ${row.status === 'edited' ? 'edited' : 'accepted'}`);
      } catch (e) {
        get().notify(`Could not save: ${errorMessage(e)}`, 'error');
      }
    },
  };
};
