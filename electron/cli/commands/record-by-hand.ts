import { describeAction } from '../../../shared/domain/describe-action.js';
import type { StepRecorded } from '../../../shared/domain/recording.js';
import { errorMessage } from '../../../shared/error-message.js';
import type { Backend } from '../../services/backend.js';
import { withCallContext } from '../../services/call-context.js';
import { CliError, info } from '../output.js';

/**
 * `record --from-device`: the annotator does the task on the phone itself; every gesture is a step,
 * printed as it is recorded. The first Ctrl-C finishes the demonstration (the final screen is its
 * DONE state); a second one, while it finishes, discards it.
 */
export async function recordByHand(
  backend: Backend,
  taskId: string,
  device: string,
  opts: { setupConfirmed?: boolean } = {},
): Promise<{ demonstrationId: number; status: string; steps: number }> {
  const api = backend.handlers.recording;
  // `--allow-setup` is the terminal's confirmation of the task's setup commands on a real phone.
  const start = withCallContext({ confirmed: opts.setupConfirmed === true, canConfirm: false }, () =>
    api.start({ taskId, serial: device, fromDevice: true }),
  );
  const demo = await Promise.resolve(start).catch((e: unknown) => {
    throw new CliError(errorMessage(e));
  });
  const off = backend.events.subscribe((e) => {
    if (e.channel !== 'recording.onStep') return;
    const s = e.payload as StepRecorded;
    if (s.demonstrationId !== demo.id || !s.step) return;
    info(
      s.step.action
        ? `step ${s.step.idx + 1}: ${describeAction(s.step.action, s.step.actionPx?.target?.text || s.step.actionPx?.target?.contentDesc || undefined)}`
        : 'final screen recorded',
    );
  });
  info(`recording task ${taskId} on ${device} from the phone in hand (demonstration ${demo.id}): do the task on the phone.`);
  info('Press Ctrl-C when it is done to finish; press it twice to discard the demonstration.');
  try {
    const view = await new Promise<Awaited<ReturnType<typeof api.get>>>((resolve, reject) => {
      let presses = 0;
      const onSignal = (): void => {
        presses++;
        if (presses === 1) {
          info('finishing (Ctrl-C again to discard)…');
          // A second Ctrl-C while finishing wins: the discard's outcome is the one reported.
          Promise.resolve(api.finish({ demonstrationId: demo.id })).then(
            (v) => presses === 1 && resolve(v),
            (e: unknown) => presses === 1 && reject(e as Error),
          );
        } else {
          info('discarding…');
          process.removeListener('SIGINT', onSignal);
          Promise.resolve(api.discard({ demonstrationId: demo.id })).then(resolve, reject);
        }
      };
      process.on('SIGINT', onSignal);
    });
    return { demonstrationId: view.id, status: view.status, steps: view.steps.length };
  } finally {
    off();
  }
}
