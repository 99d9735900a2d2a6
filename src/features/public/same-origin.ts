/**
 * The preview pages open only addresses of this product's own origin: another site inside the app
 * would run with the user's session beside it, and its content is nothing the company chose.
 */
export type PreviewAddress =
  { kind: 'sameOrigin'; address: string } | { kind: 'missing' } | { kind: 'foreign' };

/** Reads the query's address against the app's origin ('/files/a.png', 'http://this-host/…'). */
export function readPreviewAddress(url: string, origin: string): PreviewAddress {
  const text = url.trim();
  if (!text) return { kind: 'missing' };
  let parsed: URL;
  try {
    parsed = new URL(text, origin);
  } catch {
    return { kind: 'foreign' };
  }
  if (parsed.origin !== origin) return { kind: 'foreign' };
  return { kind: 'sameOrigin', address: parsed.pathname + parsed.search + parsed.hash };
}
