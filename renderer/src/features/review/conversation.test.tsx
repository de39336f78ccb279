import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ReviewStep } from '../../../../shared/domain/review.js';
import { Conversation } from './Conversation.js';
import { conversationOf } from './conversation.js';

const step = (action: ReviewStep['action'], details: Record<string, unknown> = {}): ReviewStep => ({
  idx: 0,
  action,
  raw: '',
  observationBlob: null,
  details,
  timings: {},
  usage: {},
});
const STEPS = [
  step({ type: 'AskUser', message: '她是谁?' }, { user: { question: '她是谁?', answer: '我闺女刘芳啊', source: 'scripted' } }),
  step({ type: 'Tap', at: { x: 500, y: 500 } }),
  step(
    { type: 'AskUser', message: '打电话还是视频?' },
    { user: { question: '打电话还是视频?', answer: null, reason: 'no scripted answer matches' } },
  ),
];

describe("the Review screen's conversation view", () => {
  it('lists the instruction, each question with its step, and each answer with who gave it', () => {
    expect(conversationOf('给她打个电话', STEPS)).toEqual([
      { who: 'user', text: '给她打个电话', step: null, source: null },
      { who: 'agent', text: '她是谁?', step: 0, source: null },
      { who: 'user', text: '我闺女刘芳啊', step: 0, source: 'scripted' },
      { who: 'agent', text: '打电话还是视频?', step: 2, source: null },
      { who: 'user', text: 'No answer (no scripted answer matches): the task ended here.', step: 2, source: null },
    ]);
  });

  it('shows nothing when the agent never asked, and a question jumps to its step', () => {
    const { container } = render(<Conversation instruction="x" steps={[STEPS[1]!]} onSelect={() => undefined} />);
    expect(container.innerHTML).toBe('');
    const onSelect = vi.fn();
    render(<Conversation instruction="给她打个电话" steps={STEPS} onSelect={onSelect} />);
    expect(screen.getByTestId('review-conversation').textContent).toContain('Older adult (scripted): 我闺女刘芳啊');
    fireEvent.click(screen.getByRole('button', { name: /Go to step 3/ }));
    expect(onSelect).toHaveBeenCalledWith(2);
  });

  it('marks a simulated answer that told the agent how to use the phone', () => {
    const hinted = [
      step(
        { type: 'AskUser', message: '她是谁?' },
        { user: { question: '她是谁?', answer: '点右上角', source: 'simulated', namesOperation: true } },
      ),
    ];
    expect(conversationOf('给她打个电话', hinted)[2]).toEqual({
      who: 'user',
      text: '点右上角',
      step: 0,
      source: 'simulated',
      namesOperation: true,
    });
    render(<Conversation instruction="给她打个电话" steps={hinted} onSelect={() => undefined} />);
    expect(screen.getByTestId('conversation-operation-hint').textContent).toContain('how to use the phone');
  });
});
