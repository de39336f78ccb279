import type { ReviewStep } from '../../../../shared/domain/review.js';
import { conversationOf } from './conversation.js';

/** The task's conversation beside the steps: what the older adult said, what the agent asked, what they answered. */
export function Conversation({
  instruction,
  steps,
  onSelect,
}: {
  instruction: string;
  steps: readonly ReviewStep[];
  onSelect(i: number): void;
}) {
  const lines = conversationOf(instruction, steps);
  if (lines.length === 1) return null;
  return (
    <section className="review-conversation" aria-labelledby="conversation-title" data-testid="review-conversation">
      <h3 id="conversation-title">Conversation</h3>
      <ol>
        {lines.map((l, k) => (
          <li key={k} className={`conv-${l.who}`}>
            <strong>{l.who === 'user' ? `Older adult${l.source ? ` (${l.source})` : ''}` : 'Agent'}:</strong>{' '}
            {l.who === 'agent' && l.step !== null ? (
              <button type="button" className="link" onClick={() => onSelect(l.step!)} aria-label={`Go to step ${l.step + 1}: ${l.text}`}>
                {l.text} (step {l.step + 1})
              </button>
            ) : (
              <span>{l.text}</span>
            )}
            {l.namesOperation && (
              <>
                {' '}
                <span className="tag" data-testid="conversation-operation-hint">
                  ⚠ told the agent how to use the phone
                </span>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
