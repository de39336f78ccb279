import type { AgentConfig } from '../../../../shared/schemas/agent-config.js';
import type { ScreenSize } from '../../../../shared/domain/ui-node.js';
import { shrinkToMaxPixels } from '../../geometry/smart-resize.js';
import type { AgentHistoryEntry, AgentObservation } from '../agent.js';
import type { SentImage } from '../image-port.js';
import type { ChatMessage } from '../model-port.js';
import type { CoordMode, ParsedReply } from '../parsing/parsed-reply.js';

/**
 * One model family = prompt builder + history policy + parser + coordinate mapping.
 * Everything a family decides is pure, so it is tested without a server and described
 * word for word in the run manifest.
 */
export interface FamilyContext {
  config: AgentConfig;
  variant: string;
  now: Date;
}

export interface BuildInput extends FamilyContext {
  instruction: string;
  observation: AgentObservation;
  history: readonly AgentHistoryEntry[];
  image: SentImage;
}

export interface FamilyDescription {
  /** The prompt template text (placeholders in {braces}); hashed into the manifest. */
  promptTemplate: string;
  historyPolicy: string;
  coordinates: string;
  resize: string;
}

export interface Family {
  readonly id: string;
  /** Bumped whenever prompt, history, parsing or mapping changes in a way that can move results. */
  readonly version: string;
  readonly defaultVariant: string;
  readonly defaultSampling: Record<string, number>;
  readonly defaultExtraBody?: (variant: string) => Record<string, unknown> | undefined;
  /** The size to resize the screenshot to before sending, or null to send it as captured. */
  sendSize(screen: ScreenSize, ctx: FamilyContext): ScreenSize | null;
  coordMode(sent: ScreenSize, ctx: FamilyContext): CoordMode;
  buildMessages(input: BuildInput): ChatMessage[];
  parse(raw: string, mode: CoordMode, ctx: FamilyContext, history: readonly AgentHistoryEntry[]): ParsedReply;
  describe(ctx: FamilyContext): FamilyDescription;
}

/**
 * The user's answers to the agent's earlier questions (AskUser steps the runner answered), for
 * families whose text history may not keep the step that asked.
 */
export function answeredQuestions(history: readonly AgentHistoryEntry[]): { question: string; answer: string }[] {
  return history.flatMap((h) =>
    h.userReply === undefined ? [] : [{ question: h.action.type === 'AskUser' ? h.action.message : h.actionText, answer: h.userReply }],
  );
}

/** Fills {name} placeholders; unknown names stay visible so a broken override is easy to spot. */
export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([a-z_]+)\}/g, (all, k: string) => values[k] ?? all);
}

export function hasCjk(s: string): boolean {
  return /[\u3400-\u9fff]/u.test(s);
}

/** Shrink-only image limit for relative-coordinate families; null when the capture is sent as is. */
export function limitPixels(screen: ScreenSize, maxPixels: number | undefined): ScreenSize | null {
  if (!maxPixels) return null;
  const s = shrinkToMaxPixels(screen, maxPixels);
  return s.width === screen.width && s.height === screen.height ? null : s;
}
