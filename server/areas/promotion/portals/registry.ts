/**
 * Which portal providers the server uses, by configuration (server/config.ts, PORTAL_PROVIDER). Only
 * the sandbox is built; a real provider is a module implementing ./portal.ts's Portal, added here by
 * name, and nothing that calls the portals changes (README, "Promotion portals").
 */
import type { Db } from '../../../db/db';
import type { Clock } from '../../../clock';
import type { Portals } from './portal';
import { createSandboxPortals, type SandboxBehaviour } from './sandbox';

export type PortalConfig = { provider: string; sandbox: SandboxBehaviour };

export function createPortals(db: Db, clock: Clock, config: PortalConfig): Portals {
  switch (config.provider) {
    case 'sandbox':
      return createSandboxPortals(db, clock, config.sandbox);
    default:
      throw new Error(`PORTAL_PROVIDER=${config.provider}: no such portal provider (built: sandbox)`);
  }
}
