import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CaptureProgress } from '../../../../shared/domain/recording.js';
import { useAppStore } from '../../store/app-store.js';
import { fake } from '../../test/fake-api.js';
import { demonstration, stepView, task } from '../../test/fixtures.js';
import { freshApp } from '../../test/render-app.js';
import { RecordPage } from './RecordPage.js';

vi.mock('../../platform/api.js', () => import('../../test/platform-mock.js'));

const press = (key: string, init: Partial<KeyboardEventInit> = {}): void => {
  act(() => {
    fireEvent.keyDown(window, { key, ...init });
  });
};
const capture = (phase: CaptureProgress['phase'], stepIdx = 0): CaptureProgress => ({
  demonstrationId: 5,
  captureId: 1,
  stepIdx,
  kind: 'step',
  phase,
  parts: { screenshot: phase !== 'capturing', hierarchy: false, foreground: false },
  elapsedMs: 300,
});

describe('the Record screen', () => {
  beforeEach(() =>
    freshApp([[], [task('t1'), task('t2')]], () => {
      fake.answer('devices', 'list', () => ({
        server: '127.0.0.1:5037',
        reachable: true,
        problem: null,
        devices: [{ serial: 'vphone-1', state: 'device', model: 'Virtual', product: null }],
      }));
      // The mirror asks for frames all along; here none ever arrives.
      fake.answer('devices', 'frame', () => new Promise(() => undefined));
    }),
  );
  afterEach(cleanup);

  it('starts the first chosen task on the chosen phone with S', async () => {
    fake.answer('recording', 'start', ({ taskId, serial }) => demonstration({ taskId, deviceSerial: serial }));
    render(<RecordPage />);
    await screen.findByTestId('device-vphone-1');
    fireEvent.click(screen.getByLabelText(/t2/));
    fireEvent.click(screen.getByLabelText(/t1/));
    press('s');
    await screen.findByTestId('record-layout');
    expect(fake.calls('recording', 'start')).toEqual([[{ taskId: 't2', serial: 'vphone-1' }]]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('t2');
  });

  it('shows each step as the backend records it, and a step undone disappears', async () => {
    useAppStore.setState({ demonstration: demonstration() });
    render(<RecordPage />);
    expect(screen.getByText(/No steps yet/)).toBeTruthy();
    act(() => fake.emit('recording', 'onCapture', capture('capturing')));
    expect(screen.getByTestId('step-pending').textContent).toBe('1. capturing…');
    act(() =>
      fake.emit('recording', 'onStep', {
        demonstrationId: 5,
        step: stepView(0, { action: { type: 'Back' } }),
        status: 'recording',
        stepCount: 1,
      }),
    );
    act(() => fake.emit('recording', 'onCapture', capture('done')));
    expect(screen.getByRole('heading', { name: 'Steps (1)' })).toBeTruthy();
    expect(screen.getAllByTestId('step').map((li) => li.textContent)).toEqual(['1. Back']);
    expect(screen.queryByTestId('step-pending')).toBeNull();
    act(() => fake.emit('recording', 'onStep', { demonstrationId: 5, step: null, status: 'recording', stepCount: 0 }));
    expect(screen.getByRole('heading', { name: 'Steps (0)' })).toBeTruthy();
    expect(fake.calls('recording', 'get')).toHaveLength(0);
  });

  it('drives the phone from the keyboard while recording: B, H, U, F, and D then Y', async () => {
    fake.answer('recording', 'act', ({ action }) => stepView(useAppStore.getState().demonstration!.steps.length, { action }));
    fake.answer('recording', 'undo', () => demonstration({ steps: [stepView(0, { action: { type: 'Back' } })] }));
    fake.answer('recording', 'discard', () => demonstration({ status: 'discarded' }));
    useAppStore.setState({ demonstration: demonstration() });
    render(<RecordPage />);
    press('b');
    await screen.findByRole('heading', { name: 'Steps (1)' });
    press('h');
    await screen.findByRole('heading', { name: 'Steps (2)' });
    expect(fake.calls('recording', 'act').map(([i]) => i.action.type)).toEqual(['Back', 'Home']);
    // The status box says the second step was recorded; after its undo it must not go on saying so.
    act(() =>
      useAppStore.getState().captureProgressed({
        demonstrationId: 5,
        captureId: 2,
        stepIdx: 1,
        kind: 'step',
        phase: 'done',
        parts: { screenshot: true, hierarchy: true, foreground: true },
        elapsedMs: 120,
      }),
    );
    expect(screen.getByTestId('capture-status').textContent).toContain('Step 2: recorded');
    press('u');
    await screen.findByRole('heading', { name: 'Steps (1)' });
    expect(screen.getByTestId('capture-status').dataset.phase).toBe('idle');
    expect(useAppStore.getState().notice?.text).toMatch(/^Step 2 undone/);
    press('d');
    expect(screen.getByTestId('discard-confirm').textContent).toContain('Discard demonstration 5 (1 step)?');
    press('y');
    await screen.findByTestId('record-last');
    expect(fake.calls('recording', 'discard')).toEqual([[{ demonstrationId: 5 }]]);
    expect(screen.getByTestId('record-last').textContent).toContain('discarded');
  });

  it('refuses input while a step is captured, and says so', () => {
    useAppStore.setState({ demonstration: demonstration() });
    render(<RecordPage />);
    act(() => fake.emit('recording', 'onCapture', capture('capturing')));
    press('b');
    expect(fake.calls('recording', 'act')).toHaveLength(0);
    expect(useAppStore.getState().notice).toEqual({ text: 'Still capturing the last step: wait for it to finish', kind: 'error' });
    expect((screen.getByTestId('record-finish') as HTMLButtonElement).disabled).toBe(true);
  });

  it('types in the note box without triggering shortcuts', () => {
    useAppStore.setState({ demonstration: demonstration() });
    render(<RecordPage />);
    const note = screen.getByLabelText('Note');
    act(() => {
      fireEvent.keyDown(note, { key: 'b' });
    });
    expect(fake.calls('recording', 'act')).toHaveLength(0);
  });
});
