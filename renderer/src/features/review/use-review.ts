import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RunSummaryDto } from '../../../../shared/domain/run.js';
import type { LabelDto, ReviewSummary, ReviewTaskRow, RunComparisonRow, Trajectory } from '../../../../shared/domain/review.js';
import { api } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';
import type { ReviewFilters } from './filters.js';
import { filterRows, NO_FILTERS, rowKey } from './filters.js';

const message = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The Review screen's state and every API call it makes: the run, its task rows and
 * filters, the open trajectory and step, the summary (Table 4, judge agreement) and a
 * comparison with a second run. Components below only render what this returns.
 */
export function useReview() {
  const notify = useAppStore((s) => s.notify);
  const focusRunId = useAppStore((s) => s.focusRunId);
  const [runs, setRuns] = useState<RunSummaryDto[]>([]);
  const [runId, setRunId] = useState<string | null>(focusRunId);
  const [rows, setRows] = useState<ReviewTaskRow[]>([]);
  const [filters, setFilters] = useState<ReviewFilters>(NO_FILTERS);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [trajectory, setTrajectory] = useState<Trajectory | null>(null);
  const [step, setStep] = useState(0);
  const [summary, setSummary] = useState<ReviewSummary | null>(null);
  const [compareWith, setCompareWith] = useState<string | null>(null);
  const [comparison, setComparison] = useState<RunComparisonRow[] | null>(null);
  const [saving, setSaving] = useState(false);
  const trajectoryRequest = useRef(0);

  const loadRuns = useCallback(async () => {
    try {
      const list = await api.runs.list();
      setRuns(list);
      setRunId((cur) => cur ?? list.find((r) => r.results > 0)?.id ?? null);
    } catch (e) {
      notify(`Could not list runs: ${message(e)}`, 'error');
    }
  }, [notify]);

  const loadRun = useCallback(async (id: string) => {
    try {
      const [r, s] = await Promise.all([api.review.tasks({ runId: id }), api.review.summary({ runId: id })]);
      setRows(r);
      setSummary(s);
    } catch (e) {
      notify(`Could not load run ${id}: ${message(e)}`, 'error');
    }
  }, [notify]);

  // Runs and labels change elsewhere too (a run finishing, a label saved in another window).
  const current = useRef<string | null>(null);
  current.current = runId;
  useEffect(() => {
    void loadRuns();
    return api.system.onDataChanged((c) => {
      if (c.table !== 'runs' && c.table !== 'workspace') return;
      void loadRuns();
      if (current.current) void loadRun(current.current);
    });
  }, [loadRuns, loadRun]);

  useEffect(() => {
    setRows([]);
    setSummary(null);
    setSelectedKey(null);
    setTrajectory(null);
    if (runId) void loadRun(runId);
  }, [runId, loadRun]);

  const visible = useMemo(() => filterRows(rows, filters), [rows, filters]);
  const selectedIndex = useMemo(() => visible.findIndex((r) => rowKey(r) === selectedKey), [visible, selectedKey]);

  // Open the selected task's trajectory; a newer selection wins over a slower older request.
  useEffect(() => {
    if (!runId || !selectedKey) return;
    const row = rows.find((r) => rowKey(r) === selectedKey);
    if (!row) return;
    const n = ++trajectoryRequest.current;
    api.review
      .trajectory({ runId, taskId: row.taskId, agent: row.agent, mode: row.mode })
      .then((t) => {
        if (n !== trajectoryRequest.current) return;
        setTrajectory(t);
        setStep(0);
      })
      .catch((e: unknown) => notify(`Could not open ${row.taskId}: ${message(e)}`, 'error'));
    // Rows change when labels are saved; the trajectory only needs re-fetching when the key does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [runId, selectedKey]);

  const selectIndex = useCallback(
    (i: number) => {
      const r = visible[Math.max(0, Math.min(visible.length - 1, i))];
      if (r) setSelectedKey(rowKey(r));
    },
    [visible],
  );
  const moveTask = useCallback((delta: number) => selectIndex(selectedIndex < 0 ? 0 : selectedIndex + delta), [selectIndex, selectedIndex]);
  const stepCount = trajectory && trajectory.key.runId === runId ? trajectory.steps.length : 0;
  const moveStep = useCallback((delta: number) => setStep((s) => Math.max(0, Math.min(stepCount - 1, s + delta))), [stepCount]);

  const saveLabel = useCallback(
    async (label: LabelDto) => {
      if (!runId || !trajectory) return;
      const { taskId, agent, mode } = trajectory.key;
      setSaving(true);
      try {
        await api.review.label({ runId, taskId, agent, mode, ...label });
        const key = rowKey(trajectory.key);
        setRows((all) => all.map((r) => (rowKey(r) === key ? { ...r, label } : r)));
        setTrajectory((t) => (t && rowKey(t.key) === key ? { ...t, row: { ...t.row, label } } : t));
        setSummary(await api.review.summary({ runId }));
        notify(`Label saved for ${taskId} · ${agent}`);
      } catch (e) {
        notify(`Could not save the label: ${message(e)}`, 'error');
      } finally {
        setSaving(false);
      }
    },
    [runId, trajectory, notify],
  );

  useEffect(() => {
    setComparison(null);
    if (!runId || !compareWith) return;
    api.review
      .compare({ runA: runId, runB: compareWith })
      .then(setComparison)
      .catch((e: unknown) => notify(`Could not compare: ${message(e)}`, 'error'));
  }, [runId, compareWith, notify]);

  return {
    runs, runId, setRunId, rows, visible, filters, setFilters, selectedKey, selectedIndex, selectIndex, moveTask,
    trajectory: trajectory && trajectory.key.runId === runId ? trajectory : null,
    step: Math.min(step, Math.max(0, stepCount - 1)), setStep, moveStep,
    summary, saveLabel, saving, compareWith, setCompareWith, comparison,
  };
}
