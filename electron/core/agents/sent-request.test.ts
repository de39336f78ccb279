import { describe, expect, it } from 'vitest';
import type { AgentHistoryEntry } from './agent.js';
import { image, text } from './model-port.js';
import { describeRequest, imagesSent } from './sent-request.js';

const shot = (url: string) => ({ dataUrl: url, width: 10, height: 20, mime: 'image/png' as const });
const entry = (url: string | null): AgentHistoryEntry => ({
  raw: '',
  action: { type: 'Back' },
  thought: '',
  actionText: '',
  flags: {},
  image: url ? shot(url) : null,
  currentApp: null,
});

describe('the request a step sent, without image bytes', () => {
  it("keeps each message's text and names each image by the step whose screenshot it was", () => {
    const history = [entry('data:a'), entry(null), entry('data:c')];
    const r = describeRequest(
      [
        { role: 'system', content: 'You operate a phone.' },
        {
          role: 'user',
          content: [text('Earlier screens:'), image('data:a'), image('data:c'), text('Now:'), image('data:now'), image('data:x')],
        },
      ],
      shot('data:now'),
      history,
    );
    expect(r).toEqual({
      messages: [
        { role: 'system', text: 'You operate a phone.', images: [] },
        // data:x is neither the current screen nor a step's: left out, not guessed.
        { role: 'user', text: 'Earlier screens:\nNow:', images: [0, 2, 3] },
      ],
    });
    expect(JSON.stringify(r)).not.toContain('data:');
    expect(imagesSent(r)).toBe(3);
    expect(imagesSent(undefined)).toBe(0);
  });
});
