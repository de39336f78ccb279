import { useCallback, useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { Action } from '../../../../shared/domain/action.js';
import { useAppStore } from '../../store/app-store.js';
import { isCapturing } from './CaptureStatus.js';
import { RecordingView } from './RecordingView.js';
import { RecordSetup } from './RecordSetup.js';
import type { RecordCommand } from './shortcuts.js';
import { KEY_SWIPES } from './shortcuts.js';
import { useShortcuts } from './use-shortcuts.js';

export function RecordPage() {
  const s = useAppStore(
    useShallow((st) => ({
      tasks: st.tasks,
      queue: st.recordQueue,
      toggleQueued: st.toggleQueued,
      setQueue: st.setRecordQueue,
      serial: st.selectedSerial,
      demo: st.demonstration,
      busy: st.recordingBusy,
      fromDevice: st.recordFromDevice,
      setFromDevice: st.setRecordFromDevice,
      handRecording: st.handRecording,
      capture: st.capture,
      captureAt: st.captureAt,
      start: st.startRecording,
      act: st.recordAction,
      undo: st.undoStep,
      finish: st.finishRecording,
      discard: st.discardRecording,
      saveNote: st.saveNote,
      recordNext: st.recordNext,
      recordAgain: st.recordAgain,
      next: st.nextQueuedTask,
      perTask: st.overview?.demonstrations.perTask,
      loadDevices: st.loadDevices,
      notify: st.notify,
    })),
  );
  const { loadDevices } = s;
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [help, setHelp] = useState(false);
  const typeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    void loadDevices();
  }, [loadDevices]);

  const recording = s.demo?.status === 'recording';
  // Each layout starts at its top (the picker may have been scrolled far down).
  useEffect(() => {
    document.getElementById('page-record')?.scrollTo(0, 0);
  }, [recording]);
  const blocked = s.busy || isCapturing(s.capture);
  const next = s.next();
  const task = s.tasks.find((t) => t.id === s.demo?.taskId);

  const byHand = s.demo !== null && s.handRecording === s.demo.id;
  const act = useCallback(
    (a: Action) => {
      if (byHand) {
        s.notify('This demonstration is recorded from the phone in hand: do the step on the phone', 'error');
        return;
      }
      if (blocked) {
        s.notify('Still capturing the last step: wait for it to finish', 'error');
        return;
      }
      void s.act(a);
    },
    [blocked, byHand, s],
  );

  const run = useCallback(
    (c: RecordCommand): boolean => {
      const swipe = c === 'swipeUp' || c === 'swipeDown' || c === 'swipeLeft' || c === 'swipeRight';
      if (swipe) act({ type: 'Swipe', ...KEY_SWIPES[c], ms: 300 });
      else if (c === 'back') act({ type: 'Back' });
      else if (c === 'home') act({ type: 'Home' });
      else if (c === 'enter') act({ type: 'Enter' });
      else if (c === 'focusType') typeRef.current?.focus();
      else if (c === 'undo') void s.undo();
      else if (c === 'finish') void s.finish();
      else if (c === 'discard') setConfirmDiscard(true);
      else if (c === 'confirm') {
        if (!confirmDiscard) return false;
        setConfirmDiscard(false);
        void s.discard();
      } else if (c === 'cancel') {
        if (confirmDiscard) setConfirmDiscard(false);
        else if (document.activeElement === typeRef.current) document.getElementById('page-record')?.focus();
        else return false;
      } else if (c === 'start') {
        if (!s.serial || s.queue.length === 0) return false;
        void s.start(s.serial);
      } else if (c === 'next') {
        if (!next) return false;
        void s.recordNext();
      } else if (c === 'again') {
        if (!s.demo) return false;
        void s.recordAgain();
      } else if (c === 'help') setHelp((h) => !h);
      return true;
    },
    [act, confirmDiscard, next, s],
  );
  useShortcuts(recording, run);

  return (
    <section aria-labelledby="page-title" className={`record-page${recording ? ' recording' : ''}`}>
      {recording && s.demo ? (
        <RecordingView
          demo={s.demo}
          task={task}
          busy={s.busy}
          byHand={byHand}
          capture={s.capture}
          captureAt={s.captureAt}
          confirmDiscard={confirmDiscard}
          help={help}
          typeRef={typeRef}
          act={act}
          undo={() => void s.undo()}
          finish={() => void s.finish()}
          askDiscard={() => setConfirmDiscard(true)}
          discard={() => {
            setConfirmDiscard(false);
            void s.discard();
          }}
          keep={() => setConfirmDiscard(false)}
          toggleHelp={() => setHelp((h) => !h)}
          saveNote={(n) => void s.saveNote(n)}
        />
      ) : (
        <RecordSetup
          tasks={s.tasks}
          perTask={s.perTask ?? {}}
          queue={s.queue}
          serial={s.serial}
          busy={s.busy}
          fromDevice={s.fromDevice}
          setFromDevice={s.setFromDevice}
          last={s.demo}
          next={next}
          help={help}
          onToggle={s.toggleQueued}
          onSet={s.setQueue}
          start={() => s.serial && void s.start(s.serial)}
          recordNext={() => void s.recordNext()}
          recordAgain={() => void s.recordAgain()}
          toggleHelp={() => setHelp((h) => !h)}
        />
      )}
    </section>
  );
}
