/**
 * Runs `server/main.ts` as a real operating-system process (as `npm start` does, without the client
 * build), for tests about what several processes share and about a process killed mid-request: the
 * run's bundle of it (built once by the global setup, started by plain node like `npm start`), or the
 * sources through tsx outside such a run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  /** Resolves when the process has ended. */
  ended: Promise<number | null>;
  stop: () => Promise<void>;
  kill: () => Promise<void>;
};

const root = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts the server and waits until every API process listens (`listening` printed `processes` times). */
export async function startServerProcess(
  env: Record<string, string>,
  options: { processes?: number; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const bundle = inject('serverBundle');
  const entry = bundle ? [resolve(root, bundle)] : ['--import', 'tsx', join(root, 'server', 'main.ts')];
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), TEST_DATABASE: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const expected = options.processes ?? 1;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if ((text.match(/listening on /g) ?? []).length >= expected) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server process did not start:\n${text}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    output: () => text,
    ended,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await ended;
    },
    kill: async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
      await ended;
    },
  };
}

/** Calls an API operation over HTTP and returns the envelope. */
export async function callOver(
  server: { url: string },
  method: 'GET' | 'POST',
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {},
): Promise<{ code: number; message: string; data?: unknown }> {
  const url = new URL(`/api${path}`, server.url);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method,
    headers: {
      ...options.headers,
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  return (await response.json()) as { code: number; message: string; data?: unknown };
}

/** Logs in over HTTP with the demo password; returns the session headers. */
export async function loginOver(server: { url: string }, userName: string): Promise<Record<string, string>> {
  const answer = await callOver(server, 'POST', '/user/login/loginPassword', {
    body: { userName, password: 'demo1234' },
  });
  if (answer.code !== 200) throw new Error(`login failed for ${userName}: ${answer.message}`);
  const data = answer.data as { token: string; sessionid: string };
  return { token: data.token, sessionid: data.sessionid };
}
