/**
 * An error as the client's calls throw it when the server's edit-state check refuses an edit (405
 * with the marker of domain/page-state.ts): the models' sample of the seed's 405 rule.
 */
import { editStateRefused } from '../../domain/page-state';

export function editStateRefusal(message: string): Error {
  return Object.assign(new Error(message), { code: 405, data: { ...editStateRefused } });
}
