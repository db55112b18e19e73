/**
 * A URL as molt prints it in a log line: scheme, host, port and path only. A user name, a
 * password, a query (`?key=…`, `?token=…`) and a fragment are left out, so a credential written
 * into a URL (MOLT_API_URL=https://user:secret@molt.example) never reaches a log (issue 33 item 6).
 * Text that is not a URL is not printed at all.
 */
export function displayUrl(text: string | undefined): string {
  if (!text) return '(none)';
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}
