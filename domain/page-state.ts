/**
 * 001 section 8, "405 on edit-state check: the page is disabled for editing". An edit refused
 * because its record is no longer in a state that allows it (decided or withdrawn elsewhere, moved
 * into another state by someone else) is answered 405 with this data, so the client can tell it
 * from a 405 about the input (a missing reason, a bad field) and disable the page instead.
 */
export const editStateRefused = { editState: 0 } as const;

/** Whether a 405's data marks the edit-state check refusing the edit. */
export function isEditStateRefused(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { editState?: unknown }).editState === 0;
}

/**
 * Whether an error thrown by a call is the edit-state check refusing the edit: code 405 with the
 * marker above (the client's ApiCodeError carries both; machines read it without knowing the client).
 */
export function isEditStateRefusal(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, data } = error as { code?: unknown; data?: unknown };
  return code === 405 && isEditStateRefused(data);
}
