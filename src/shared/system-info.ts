/**
 * The system's own information (/base/systemInfo, 000 section 7): its name, the server's version, and
 * the service phone and hours when the server gives them. Read by the line under the main menu and
 * where a screen sends the user to the service (开通隐号通话).
 */
import { api, ok } from '../api/client';

export async function loadSystemInfo() {
  return (await ok(api.GET('/base/systemInfo'))).data ?? null;
}

/** The service phone and hours as one line, or '' when the server gives neither. */
export function serviceLine(info: { servicePhone?: string | null; serviceTime?: string | null }): string {
  return [info.servicePhone, info.serviceTime].filter(Boolean).join(' ');
}
