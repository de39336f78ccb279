import type { z } from 'zod';

/**
 * The machinery behind the one typed API. A service contract is a plain object of
 * methods (each: a zod schema for its single argument + a phantom result type) and
 * events (a phantom payload type). From the contract we derive:
 *  - the TypeScript interface the renderer calls (`ServiceApi`),
 *  - the channel names both transports use (`service.method`),
 *  - the validation every call passes at the boundary.
 * No transport, Node or DOM code lives here.
 */
export interface MethodSpec<I extends z.ZodType = z.ZodType, O = unknown> {
  readonly kind: 'method';
  readonly input: I;
  /** Phantom: carries the result type only. */
  readonly output?: O;
}

export interface EventSpec<P = unknown> {
  readonly kind: 'event';
  /** Phantom: carries the payload type only. */
  readonly payload?: P;
}

/** `method(schema).returns<Result>()`: curried so the input type is inferred and the result stated. */
export function method<I extends z.ZodType>(input: I): { returns<O>(): MethodSpec<I, O> } {
  return { returns: <O>() => ({ kind: 'method', input }) as MethodSpec<I, O> };
}

export function event<P>(): EventSpec<P> {
  return { kind: 'event' };
}

export type ServiceContract = Record<string, MethodSpec | EventSpec>;

type MethodKeys<C> = { [K in keyof C]: C[K] extends MethodSpec ? K : never }[keyof C];
export type EventKeys<C> = { [K in keyof C]: C[K] extends EventSpec ? K : never }[keyof C];

export type Unsubscribe = () => void;

/** The client-side view of one service: methods return promises, events are `onX(listener) → unsubscribe`. */
export type ServiceApi<C> = {
  [K in MethodKeys<C>]: C[K] extends MethodSpec<infer I, infer O>
    ? undefined extends z.input<I>
      ? (input?: z.input<I>) => Promise<O>
      : (input: z.input<I>) => Promise<O>
    : never;
} & {
  [K in EventKeys<C>]: C[K] extends EventSpec<infer P> ? (listener: (payload: P) => void) => Unsubscribe : never;
};

/** The server-side view: what a service implementation provides (events are emitted separately). */
export type ServiceHandlers<C> = {
  [K in MethodKeys<C>]: C[K] extends MethodSpec<infer I, infer O> ? (input: z.output<I>) => Promise<O> | O : never;
};

export type EventPayload<C, K extends EventKeys<C>> = C[K] extends EventSpec<infer P> ? P : never;

export const isMethodSpec = (s: MethodSpec | EventSpec): s is MethodSpec => s.kind === 'method';
export const isEventSpec = (s: MethodSpec | EventSpec): s is EventSpec => s.kind === 'event';

/** Event names must read as subscriptions; method names must not, so the two can never collide. */
export const EVENT_NAME = /^on[A-Z]\w*$/;

/**
 * A change the API alone cannot make: the user must confirm it outside the page (a dialog of the
 * desktop window's own, or the command line). The call fails with this attached; the desktop
 * shell asks the question and repeats the call as confirmed, a browser page cannot.
 */
export interface ConfirmationRequest {
  /** One line: what would happen. */
  title: string;
  /** The facts to decide on (where a secret goes, which commands run on which phone). */
  detail: string;
  /** The same change from a terminal, for surfaces that cannot confirm (web mode). */
  cli: string;
}

/** Wire form of a failed call, identical over IPC and HTTP. */
export interface WireError {
  code: ApiErrorCode;
  message: string;
  /** For validation errors: which field, and what was wrong. */
  issues?: { path: string; message: string }[];
  /** Set when the call needs the user's confirmation (see ConfirmationRequest). */
  confirm?: ConfirmationRequest;
}

export type ApiErrorCode = 'bad_request' | 'not_found' | 'conflict' | 'unauthorized' | 'unavailable' | 'internal';

/** An error that crossed the wire (or is about to): the same class on both ends. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly confirm?: ConfirmationRequest,
  ) {
    super(message);
  }

  toWire(): WireError {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.confirm ? { confirm: this.confirm } : {}),
    };
  }

  static fromWire(w: WireError): ApiError {
    return new ApiError(w.code, w.message, w.issues, w.confirm);
  }
}
