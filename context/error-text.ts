/** The text of anything thrown: an Error's message, anything else as a string. The one helper. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
