/**
 * Every machine of machines/, for the machine atlas. Imported only by machine-atlas.tsx through a
 * dynamic import (when the atlas tab is opened): an eager glob here keeps the machines that the
 * first bundle already has where they are, instead of splitting each into a chunk of its own.
 */
import type { AnyStateMachine } from 'xstate';

// The session machine is in the first bundle (the app starts its actor at once): importing its module
// here too made the bundler split it, and the login page's download grew. The atlas takes it from
// its running actor instead (machine-atlas.tsx).
const modules = import.meta.glob<Record<string, unknown>>(
  ['../../machines/*.machine.ts', '!../../machines/session.machine.ts'],
  { eager: true },
);

function isMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'provide' in value
  );
}

/** `../../machines/sign-contract.machine.ts` → `sign-contract`. */
export function atlasName(path: string): string {
  return path.replace(/^.*\//, '').replace(/\.machine\.ts$/, '');
}

export type AtlasEntry = { name: string; machines: AnyStateMachine[] };

export const atlasEntries: AtlasEntry[] = Object.entries(modules)
  .map(([path, module]) => ({ name: atlasName(path), machines: Object.values(module).filter(isMachine) }))
  .filter((entry) => entry.machines.length > 0)
  .sort((a, b) => a.name.localeCompare(b.name));
