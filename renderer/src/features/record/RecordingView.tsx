import type { RefObject } from 'react';
import { useState } from 'react';
import type { Action } from '../../../../shared/domain/action.js';
import type { CaptureProgress, DemonstrationView } from '../../../../shared/domain/recording.js';
import type { TaskSummary } from '../../../../shared/schemas/task.js';
import { Kbd } from '../../components/Kbd.js';
import { taskTexts } from '../../components/TaskText.js';
import { useAppStore } from '../../store/app-store.js';
import { DeviceControls } from '../mirror/DeviceControls.js';
import { Mirror } from '../mirror/Mirror.js';
import { useBoxSize } from '../mirror/use-box-size.js';
import { CaptureStatus, isCapturing } from './CaptureStatus.js';
import { shortcutOf } from './shortcuts.js';
import { ShortcutHelp } from './ShortcutHelp.js';
import { StepList } from './StepList.js';
import { counted } from '../../components/plural.js';

export interface RecordingViewProps {
  demo: DemonstrationView;
  task: TaskSummary | undefined;
  busy: boolean;
  /** Recorded from the phone in hand: the mirror only shows, the steps come from the phone. */
  byHand: boolean;
  capture: CaptureProgress | null;
  captureAt: number;
  confirmDiscard: boolean;
  help: boolean;
  typeRef: RefObject<HTMLInputElement | null>;
  act(a: Action): void;
  undo(): void;
  finish(): void;
  askDiscard(): void;
  discard(): void;
  keep(): void;
  toggleHelp(): void;
  saveNote(note: string): void;
}

/** The task's words, big, in the language Settings ask for, with the other language under them. */
function Instruction({ task }: { task: TaskSummary }) {
  const want = useAppStore((s) => s.settings?.taskLanguage ?? 'zh');
  const t = taskTexts(task, want);
  return (
    <div className="instruction">
      <p lang={t.shownLang} data-testid="record-instruction">
        “{t.shown}”
      </p>
      {t.other && (
        <p className="instruction-other muted" lang={t.shownLang === 'en' ? task.lang : 'en'} data-testid="record-instruction-other">
          {t.other}
        </p>
      )}
    </div>
  );
}

/** What the veiled phone says while a step is under way. */
const VEIL: Record<CaptureProgress['phase'], string> = {
  capturing: 'Capturing the screen…',
  saving: 'Saving the step…',
  acting: 'Acting on the phone…',
  done: '',
  failed: '',
};

/** Share of the page's width the phone may take; the rest holds the controls and the steps. */
const MIRROR_SHARE = 0.4;

/**
 * Recording on a laptop screen: the whole phone at the full height of the page, the
 * controls beside it and the steps beside those, so nothing needs scrolling while recording.
 */
export function RecordingView(p: RecordingViewProps) {
  const [layoutRef, layout] = useBoxSize<HTMLDivElement>();
  const [note, setNote] = useState(p.demo.note);
  const capturing = isCapturing(p.capture);
  const blocked = p.busy || capturing;
  const k = (c: Parameters<typeof shortcutOf>[0]) => shortcutOf(c);
  return (
    <div className="record-layout" ref={layoutRef} data-testid="record-layout">
      <Mirror
        serial={p.demo.deviceSerial}
        onAction={p.act}
        readOnly={p.byHand}
        busy={blocked}
        busyText={capturing ? VEIL[p.capture!.phase] : 'Working…'}
        maxWidth={Math.floor(layout.width * MIRROR_SHARE)}
      />
      <div className="record-controls" data-testid="record-controls">
        <h1 id="page-title" className="record-title">
          Recording <code>{p.demo.taskId}</code> <span className="muted">· demonstration {p.demo.id}</span>
        </h1>
        {p.task && <Instruction task={p.task} />}
        <CaptureStatus capture={p.capture} at={p.captureAt} busy={p.busy} />
        <div className="button-row" role="group" aria-label="Demonstration">
          <button type="button" disabled={blocked} onClick={p.finish} data-testid="record-finish" aria-keyshortcuts={k('finish').aria}>
            Finish: goal reached <Kbd>{k('finish').label}</Kbd>
          </button>
          <button
            type="button"
            className="secondary"
            disabled={blocked || p.demo.steps.length === 0}
            onClick={p.undo}
            data-testid="record-undo"
            aria-keyshortcuts={k('undo').aria}
          >
            Undo step <Kbd>{k('undo').label}</Kbd>
          </button>
          <button
            type="button"
            className="secondary"
            disabled={blocked}
            onClick={p.askDiscard}
            data-testid="record-discard"
            aria-keyshortcuts={k('discard').aria}
          >
            Discard <Kbd>{k('discard').label}</Kbd>
          </button>
        </div>
        {p.confirmDiscard && (
          <div className="confirm" role="alertdialog" aria-labelledby="discard-q" data-testid="discard-confirm">
            <p id="discard-q">
              Discard demonstration {p.demo.id} ({counted(p.demo.steps.length, 'step')})? It cannot be undone.
            </p>
            <div className="button-row">
              <button type="button" className="danger" onClick={p.discard} data-testid="discard-yes" aria-keyshortcuts="Y">
                Yes, discard <Kbd>Y</Kbd>
              </button>
              <button type="button" className="secondary" onClick={p.keep} autoFocus aria-keyshortcuts="Escape">
                Keep recording <Kbd>Esc</Kbd>
              </button>
            </div>
          </div>
        )}
        {p.byHand ? (
          <p className="muted" data-testid="record-by-hand">
            Do the task on the phone itself: each tap, hold, swipe and key (Back, Home) becomes a step here, typed text one step. Wait until
            the screen is captured before the next step.
          </p>
        ) : (
          <DeviceControls onAction={p.act} busy={blocked} typeRef={p.typeRef} />
        )}
        <form
          className="row note-row"
          onSubmit={(e) => {
            e.preventDefault();
            p.saveNote(note);
          }}
        >
          <label htmlFor="demo-note" className="inline-label">
            Note
          </label>
          <input id="demo-note" value={note} onChange={(e) => setNote(e.target.value)} />
          <button type="submit" className="secondary" disabled={p.busy}>
            Save note
          </button>
        </form>
        <ShortcutHelp open={p.help} onToggle={p.toggleHelp} />
      </div>
      <section className="record-steps" aria-labelledby="steps-title">
        <h2 id="steps-title">Steps ({p.demo.steps.length})</h2>
        <StepList steps={p.demo.steps} pending={capturing && p.capture?.kind === 'step' ? p.capture.stepIdx : null} follow />
      </section>
    </div>
  );
}
