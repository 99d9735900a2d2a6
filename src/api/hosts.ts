/**
 * One configurable base URL per backend host. The reference server serves every host under /api on
 * one origin; a deployment can point any host elsewhere with VITE_API_<HOST> at build time or
 * window.__APP_CONFIG__.apiHosts at run time.
 */
import type { ApiHost } from '../../openapi/generated/routing';
import { pathHosts } from '../../openapi/generated/routing';

declare global {
  // A deployment may inject this before the app loads (e.g. from /config.js).
  var __APP_CONFIG__: { apiHosts?: Partial<Record<ApiHost, string>> } | undefined;
}

const defaults: Record<ApiHost, string> = {
  main: '/api',
  secondary: '/api',
  note: '/api',
  website: '/api',
  push: '/api',
  help: '/api',
  seal: '/api',
  collect: '/api',
};

function fromEnv(host: ApiHost): string | undefined {
  const env = import.meta.env as Record<string, string | undefined>;
  return env[`VITE_API_${host.toUpperCase()}`];
}

export function hostBaseUrl(host: ApiHost): string {
  return globalThis.__APP_CONFIG__?.apiHosts?.[host] ?? fromEnv(host) ?? defaults[host];
}

export function hostOfPath(schemaPath: string): ApiHost {
  return pathHosts[schemaPath] ?? 'main';
}
