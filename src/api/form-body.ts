/** Form-encoded request bodies, for the calls the seed marks as form-encoded (openapi-fetch's bodySerializer). */
export const formHeaders = { 'Content-Type': 'application/x-www-form-urlencoded' } as const;

export function formBody(body: unknown): string {
  return new URLSearchParams(
    Object.entries(body as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();
}
