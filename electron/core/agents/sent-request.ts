import type { StepRequest } from '../../../shared/domain/run-records.js';
import type { AgentHistoryEntry } from './agent.js';
import type { SentImage } from './image-port.js';
import type { ChatMessage } from './model-port.js';

/**
 * The request a step sent, as a run stores and publishes it: every message's text, and each image named by
 * the step whose screenshot it was (runners give the agent one history entry per step, so history entry i is
 * step i and the current screen is step `history.length`). An image that is neither is left out rather than
 * guessed.
 */
export function describeRequest(messages: readonly ChatMessage[], current: SentImage, history: readonly AgentHistoryEntry[]): StepRequest {
  const stepOf = (url: string): number | null => {
    if (url === current.dataUrl) return history.length;
    const i = history.findIndex((h) => h.image?.dataUrl === url);
    return i >= 0 ? i : null;
  };
  return {
    messages: messages.map((m) => {
      if (typeof m.content === 'string') return { role: m.role, text: m.content, images: [] };
      const text: string[] = [];
      const images: number[] = [];
      for (const part of m.content) {
        if (part.type === 'text') text.push(part.text);
        else {
          const step = stepOf(part.image_url.url);
          if (step !== null) images.push(step);
        }
      }
      return { role: m.role, text: text.join('\n'), images };
    }),
  };
}

/** How many images a step sent (0 when it sent none or the request was not recorded). */
export const imagesSent = (r: StepRequest | undefined): number => r?.messages.reduce((n, m) => n + m.images.length, 0) ?? 0;
