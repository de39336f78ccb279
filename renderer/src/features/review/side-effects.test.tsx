import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SideEffectsRecord } from '../../../../shared/domain/side-effects.js';
import { reviewRow, trajectory } from '../../test/fixtures.js';
import { StepSideEffects } from './StepSideEffects.js';

const RECORD: SideEffectsRecord = {
  method: 'step',
  coverage: [],
  expected: [],
  benign: 0,
  snapshots: 5,
  snapshotMs: 40,
  effects: [
    {
      step: 1,
      kind: 'deleted',
      kinds: ['deleted'],
      irreversible: true,
      summary: 'deleted com.android.deskclock alarms[id=2]: 08:30 吃药',
      changes: [],
    },
  ],
};

describe('side effects on the Review screen', () => {
  afterEach(cleanup);
  const t = trajectory('r1', reviewRow('clock-alarm-six', { mode: 'online', steps: 4 }), 4, { result: { sideEffects: RECORD } });

  it('shows the act on the step that did it', () => {
    render(<StepSideEffects t={t} step={t.steps[1]!} onStep={() => undefined} />);
    expect(screen.getByTestId('step-side-effect').textContent).toMatch(/Irreversible side effect at this step:.*08:30 吃药/);
  });

  it('on another step, says where the side effects are, one click away', () => {
    const onStep = vi.fn();
    render(<StepSideEffects t={t} step={t.steps[3]!} onStep={onStep} />);
    expect(screen.queryByTestId('step-side-effect')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Go to step 2: deleted/ }));
    expect(onStep).toHaveBeenCalledWith(1);
  });

  it('shows nothing for a result without side effects, or whose phone was not watched', () => {
    const clean = trajectory('r1', reviewRow('t2', { mode: 'online', steps: 2 }), 2, {
      result: { sideEffects: { ...RECORD, effects: [] } },
    });
    const { container } = render(<StepSideEffects t={clean} step={clean.steps[0]!} onStep={() => undefined} />);
    expect(container.textContent).toBe('');
    const unwatched = trajectory('r1', reviewRow('t2', { mode: 'online', steps: 2 }), 2);
    const again = render(<StepSideEffects t={unwatched} step={unwatched.steps[0]!} onStep={() => undefined} />);
    expect(again.container.textContent).toBe('');
  });
});
