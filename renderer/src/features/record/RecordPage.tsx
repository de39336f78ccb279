import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../store/app-store.js';
import { DeviceList } from '../devices/DeviceList.js';
import { DeviceControls } from '../mirror/DeviceControls.js';
import { Mirror } from '../mirror/Mirror.js';
import { StepList } from './StepList.js';

export function RecordPage() {
  const s = useAppStore(
    useShallow((st) => ({
      tasks: st.tasks, taskId: st.recordTaskId, setTask: st.setRecordTask, serial: st.selectedSerial,
      demo: st.demonstration, busy: st.recordingBusy, start: st.startRecording, act: st.recordAction, undo: st.undoStep,
      finish: st.finishRecording, discard: st.discardRecording, saveNote: st.saveNote,
    })),
  );
  const loadDevices = useAppStore((st) => st.loadDevices);
  const [note, setNote] = useState('');
  useEffect(() => {
    void loadDevices();
  }, [loadDevices]);

  const recording = s.demo?.status === 'recording';
  const task = s.tasks.find((t) => t.id === (s.demo?.taskId ?? s.taskId));

  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title">Record a demonstration</h1>
      {!recording && (
        <div className="card">
          <label htmlFor="record-task">Task</label>
          <select id="record-task" data-testid="record-task" value={s.taskId ?? ''} onChange={(e) => s.setTask(e.target.value || null)}>
            <option value="">Choose a task…</option>
            {s.tasks.map((t) => (
              <option key={t.id} value={t.id}>
                {t.id} — {t.instruction}
              </option>
            ))}
          </select>
          <DeviceList />
          <button
            type="button"
            data-testid="record-start"
            disabled={!s.taskId || !s.serial || s.busy}
            onClick={() => s.serial && void s.start(s.serial)}
          >
            Start recording
          </button>
          {s.demo && (
            <p data-testid="record-last">
              Last demonstration {s.demo.id}: {s.demo.status}, {s.demo.steps.length} steps.
            </p>
          )}
        </div>
      )}
      {task && (
        <p className="instruction" lang={task.lang} data-testid="record-instruction">
          “{task.instruction}”
        </p>
      )}
      {recording && s.demo && (
        <div className="mirror-layout">
          <div>
            <Mirror serial={s.demo.deviceSerial} onAction={(a) => void s.act(a)} busy={s.busy} />
            <DeviceControls onAction={(a) => void s.act(a)} busy={s.busy} />
            <div className="row" role="group" aria-label="Demonstration">
              <button type="button" disabled={s.busy || s.demo.steps.length === 0} onClick={() => void s.undo()} data-testid="record-undo">
                Undo last step
              </button>
              <button type="button" disabled={s.busy} onClick={() => void s.discard()} data-testid="record-discard">
                Discard
              </button>
              <button type="button" disabled={s.busy} onClick={() => void s.finish()} data-testid="record-finish">
                Finish (screen shows the goal)
              </button>
            </div>
            <label htmlFor="demo-note">Note</label>
            <div className="row">
              <input id="demo-note" value={note} onChange={(e) => setNote(e.target.value)} />
              <button type="button" onClick={() => void s.saveNote(note)}>Save note</button>
            </div>
          </div>
          <div className="side-panel">
            <h2>Steps ({s.demo.steps.length})</h2>
            <StepList steps={s.demo.steps} />
          </div>
        </div>
      )}
      {!recording && s.demo && s.demo.steps.length > 0 && <StepList steps={s.demo.steps} />}
    </section>
  );
}
