import { resolve } from 'node:path';
import { defaultClientDir } from './paths';
import type { PortalConfig } from './areas/promotion/portals/registry';

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The embedded PGlite's shared buffers (PGLITE_SHARED_BUFFERS, default server/db/client.ts pgliteSharedBuffers). */
  sharedBuffers: string | undefined;
  /** Sample sign contracts in a new office's demo data (DEMO_CONTRACTS=0 leaves them out; browser tests do). */
  demoContracts: boolean;
  /** Where the built client is (vite build output; CLIENT_DIR overrides, as for `vite build`). */
  clientDir: string;
  /** Sandbox providers (SMS outbox, pay page, face page) and the dev inspector are shown. */
  isSandbox: boolean;
  /** One SMS code per phone per this many seconds (the seed's 60; browser tests shorten it). */
  smsResendSeconds: number;
  /** Failed password logins from one IP address (all accounts) per 15 minutes before it is refused. */
  loginIpMaxFailures: number;
  /** SMS codes per IP address per hour, and wrong codes per IP address per 15 minutes. */
  addressLimits: { smsSendsPerHour: number; codeFailuresPer15Minutes: number };
  /** API processes to run on this machine (more than one needs PostgreSQL). */
  workers: number;
  /** How often each process looks for due background jobs. */
  jobTickSeconds: number;
  /** How often each process looks for queued push work (ADR 0007). */
  pushTickSeconds: number;
  /** How long a claimed push job is its worker's before another process takes the worker for dead
   * and claims it again (PUSH_LEASE_SECONDS, default 120; tests of a killed process shorten it). */
  pushLeaseSeconds: number;
  /** The first wait before a push whose portal could not be reached is tried again; each next wait is
   * twice as long, up to 10 minutes (PUSH_BACKOFF_SECONDS, default 10; the browser tests shorten it). */
  pushBackoffSeconds: number;
  /**
   * The listing portals (issue 37): PORTAL_PROVIDER names the provider (only `sandbox` is built); the
   * sandbox can be told to be down on some channels (PORTAL_SANDBOX_DOWN=2,4), to fail the first N
   * calls for each listing (PORTAL_SANDBOX_FAIL_FIRST) and to answer slowly (PORTAL_SANDBOX_DELAY_MS).
   */
  portals: PortalConfig;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env['PORT'] ?? 8080);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`PORT is not a port number: ${env['PORT']}`);
  return {
    port,
    host: env['HOST'] ?? '0.0.0.0',
    dataDir: resolve(env['DATA_DIR'] ?? './data'),
    databaseUrl: env['DATABASE_URL'] || undefined,
    sharedBuffers: env['PGLITE_SHARED_BUFFERS'] || undefined,
    demoContracts: env['DEMO_CONTRACTS'] !== '0',
    clientDir: env['CLIENT_DIR'] ? resolve(env['CLIENT_DIR']) : defaultClientDir,
    isSandbox: env['SANDBOX'] !== '0',
    smsResendSeconds: Number(env['SMS_RESEND_SECONDS'] ?? 60),
    loginIpMaxFailures: Number(env['LOGIN_IP_MAX_FAILURES'] ?? 30),
    addressLimits: {
      smsSendsPerHour: Number(env['SMS_IP_MAX_SENDS'] ?? 30),
      codeFailuresPer15Minutes: Number(env['CODE_IP_MAX_FAILURES'] ?? 30),
    },
    workers: positiveInteger(env, 'WORKERS', 1),
    jobTickSeconds: positiveInteger(env, 'JOB_TICK_SECONDS', 60),
    pushTickSeconds: positiveInteger(env, 'PUSH_TICK_SECONDS', 2),
    pushLeaseSeconds: positiveInteger(env, 'PUSH_LEASE_SECONDS', 120),
    pushBackoffSeconds: positiveInteger(env, 'PUSH_BACKOFF_SECONDS', 10),
    portals: readPortalConfig(env),
  };
}

/** The portal provider and the sandbox's behaviour (ServerConfig.portals). */
export function readPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  return {
    provider: env['PORTAL_PROVIDER'] || 'sandbox',
    sandbox: {
      down: (env['PORTAL_SANDBOX_DOWN'] ?? '')
        .split(',')
        .filter(Boolean)
        .map((channel) => Number(channel)),
      failFirst: Number(env['PORTAL_SANDBOX_FAIL_FIRST'] ?? 0),
      delayMs: Number(env['PORTAL_SANDBOX_DELAY_MS'] ?? 0),
    },
  };
}

function positiveInteger(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] ?? fallback);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} is not a positive whole number: ${env[name]}`);
  return value;
}
