/** What the quick file-sign wizard checks before it calls the server (the server checks again). */
import type { ChosenFile, QuickActor, QuickPosition } from './quick-file-sign-context';

export const allowedExtensions = ['doc', 'docx', 'pdf', 'png', 'jpg', 'jpeg', 'webp', 'gif'] as const;
export const maxFileBytes = 20 * 1024 * 1024;

/** The part after the last dot; a name without a dot has none (a file called `pdf` is not a PDF). */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isAllowedFile(file: ChosenFile): boolean {
  return (allowedExtensions as readonly string[]).includes(extensionOf(file.name));
}

/** Every party has a box; a company also a seal box; a person only signature boxes (the server checks again). */
export function arePositionsComplete(actors: QuickActor[], positions: QuickPosition[]): boolean {
  if (actors.length === 0) return false;
  return actors.every((actor) => {
    const own = positions.filter((position) => position.actorId === actor.actorId);
    if (own.length === 0) return false;
    if (actor.actorType === 2) return own.some((position) => position.positionType === 2);
    return own.every((position) => position.positionType === 1);
  });
}

/** A saved party replaces the one with its actorId, or joins the end. */
export function upsertActor(actors: QuickActor[], actor: QuickActor): QuickActor[] {
  const index = actors.findIndex((candidate) => candidate.actorId === actor.actorId);
  if (index === -1) return [...actors, actor];
  return actors.map((candidate) => (candidate.actorId === actor.actorId ? actor : candidate));
}

/** The output of an invoke's done event, which guards and actions see as the machine's own event type. */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;
