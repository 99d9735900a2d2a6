/** The stored session: user token and session id in localStorage (000 section 3, "Stored in the browser"). */
export type StoredCredentials = { token: string; sessionid: string };

const tokenKey = 'userToken';

export function readCredentials(): StoredCredentials | null {
  try {
    const raw = localStorage.getItem(tokenKey);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredCredentials>;
    return typeof parsed.token === 'string' && typeof parsed.sessionid === 'string'
      ? { token: parsed.token, sessionid: parsed.sessionid }
      : null;
  } catch {
    return null;
  }
}

export function writeCredentials(credentials: StoredCredentials): void {
  localStorage.setItem(tokenKey, JSON.stringify(credentials));
}

export function clearCredentials(): void {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem('userInfo');
}
