/** The message of anything thrown: an Error's own message, anything else as text. */
export const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
