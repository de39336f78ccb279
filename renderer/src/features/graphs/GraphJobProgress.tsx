import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';

/** Graphs being built or probed one by one: how far, which one now, and a way to stop after it. */
export function GraphJobProgress() {
  const { job, stop } = useAppStore(useShallow((s) => ({ job: s.graphJob, stop: s.stopGraphJob })));
  if (!job) return null;
  const verb = job.kind === 'build' ? 'Building' : 'Probing';
  return (
    <div className="graph-job" role="status" data-testid="graph-job" data-done={job.done} data-total={job.total}>
      <progress max={job.total} value={job.done} aria-label={`${verb} graphs`} />{' '}
      <span>
        {verb} {job.done + (job.current && job.done < job.total ? 1 : 0)} of {job.total}
        {job.current ? `: ${job.current}` : ''}
        {job.failed.length > 0 ? ` (${job.failed.length} failed)` : ''}
      </span>{' '}
      <button type="button" className="secondary" onClick={stop} disabled={job.stopping}>
        {job.stopping ? 'Stopping after this one…' : 'Stop'}
      </button>
    </div>
  );
}
