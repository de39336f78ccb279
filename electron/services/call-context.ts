import { AsyncLocalStorage } from 'node:async_hooks';
import type { ConfirmationRequest } from '../../shared/api/index.js';

/**
 * What a transport knows about one API call that the arguments cannot carry: whether the user
 * confirmed it outside the page. Only the desktop shell can (it asks in a dialog of its own and
 * repeats the call with its owner token); a browser page in web mode never can, whatever it sends,
 * so a stolen page credential cannot approve an agent or run a task's setup on a real phone.
 */
export interface CallContext {
  /** The user confirmed this very call (see ConfirmationRequest). */
  confirmed: boolean;
  /** The caller could confirm if asked (the desktop shell); a web page cannot. */
  canConfirm: boolean;
}

const storage = new AsyncLocalStorage<CallContext>();

/** Runs a handler with the transport's context; outside any (the CLI calling services), nothing is confirmed. */
export function withCallContext<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function callContext(): CallContext {
  return storage.getStore() ?? { confirmed: false, canConfirm: false };
}

/** A change asked through the API that needs the user's confirmation first. */
export class ConfirmationRequiredError extends Error {
  override readonly name = 'ConfirmationRequiredError';
  constructor(readonly request: ConfirmationRequest) {
    super(
      callContext().canConfirm
        ? `${request.title} — this needs your confirmation`
        : `${request.title} — this needs your confirmation, which a browser page cannot give; do it in a terminal: ${request.cli}`,
    );
  }
}

/** Returns when this call was confirmed; otherwise throws ConfirmationRequiredError with the question. */
export function requireConfirmation(request: ConfirmationRequest): void {
  if (!callContext().confirmed) throw new ConfirmationRequiredError(request);
}
