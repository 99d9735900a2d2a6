/**
 * Builds the HTTP app: the contract's operations under /api, the sandbox pages, and the built
 * client. Tests build it and call app.inject(); server/main.ts listens.
 */
import { existsSync } from 'node:fs';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { Db } from './db/db';
import type { Clock } from './clock';
import { createSandboxSms, type SmsProvider } from './sandbox/sms';
import { loadContract } from './contract/spec';
import { apiPrefix, errorToEnvelope, registerContractRoutes } from './contract/router';
import { Codes, Messages } from './contract/envelope';
import { handlers } from './handlers';
import { createDatabaseStorage, type FileStorage } from './storage/files';
import { defaultAddressLimits, type AddressLimits } from './areas/user/address-limits';
import type { Portals } from './areas/promotion/portals/portal';
import { createSandboxPortals } from './areas/promotion/portals/sandbox';
import { signingTrustFromEnv } from './areas/signing/trust';
import type { SandboxTsa } from './areas/signing/tsa/sandbox-tsa';
import { registerSandboxTsaRoutes } from './areas/signing/tsa/sandbox-tsa-route';
import { registerSecurityHeaders } from './security-headers';

export const bodyLimitBytes = 10 * 1024 * 1024;

export type AppOptions = {
  db: Db;
  /** The server's time: the system clock in production, the test's own clock in every test. */
  clock: Clock;
  sms?: SmsProvider;
  /** Uploaded files; defaults to the database (every process sharing it serves every file). */
  files?: FileStorage;
  smsResendSeconds?: number;
  loginIpMaxFailures?: number;
  addressLimits?: AddressLimits;
  /** The listing portals; defaults to the sandbox portals (tests pass theirs to make them fail or slow). */
  portals?: Portals;
  /** The sandbox TSA; tests pass theirs to take it down. Signing uses it unless SIGNING_TSA_URL is set. */
  sandboxTsa?: SandboxTsa;
  clientDir?: string;
  isSandbox?: boolean;
  logger?: boolean;
};

/**
 * The log goes to stdout through a buffer: a line per request written on its own was a system call
 * per request (about 6% of a list's time under load). The buffer is written out at 4 KB, every
 * second, and when the process exits, so a quiet server's lines still show within a second.
 */
function bufferedStdout() {
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => stream.flush(), 1000).unref();
  process.once('exit', () => {
    try {
      stream.flushSync();
    } catch {
      // A write still in flight at exit: what it holds is written by the kernel already.
    }
  });
  return stream;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { stream: bufferedStdout() } : false,
    // One log line per request, written when it is answered (Fastify's own request logging writes two).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: bodyLimitBytes,
    trustProxy: true,
  });
  if (options.logger) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info(
        {
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          ms: Math.round(reply.elapsedTime),
        },
        'request',
      );
      done();
    });
  }
  await registerSecurityHeaders(app);
  await app.register(formbody, { bodyLimit: bodyLimitBytes });
  await app.register(multipart);
  const trust = signingTrustFromEnv({
    db: options.db,
    clock: options.clock,
    ...(options.sandboxTsa ? { sandboxTsa: options.sandboxTsa } : {}),
  });
  const services = {
    signingTrust: trust.trust,
    isSandbox: options.isSandbox ?? true,
    db: options.db,
    clock: options.clock,
    sms: options.sms ?? createSandboxSms(options.db, (line) => app.log.info(line)),
    files: options.files ?? createDatabaseStorage(options.db),
    smsResendSeconds: options.smsResendSeconds ?? 60,
    loginIpMaxFailures: options.loginIpMaxFailures ?? 30,
    addressLimits: options.addressLimits ?? defaultAddressLimits,
    portals: options.portals ?? createSandboxPortals(options.db, options.clock),
  };
  // For load balancers: the process answers and reaches the database.
  app.get('/healthz', async (_request, reply) => {
    await options.db.execute(sql`select 1`);
    return reply.header('cache-control', 'no-store').send({ status: 'ok' });
  });
  app.get('/files/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    const data = await services.files.read(name);
    if (!data) return reply.code(404).type('text/plain; charset=utf-8').send('文件不存在');
    const types: Record<string, string> = {
      png: 'image/png',
      jpg: 'image/jpeg',
      webp: 'image/webp',
      gif: 'image/gif',
      pdf: 'application/pdf',
      doc: 'application/msword',
      docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    };
    return reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .type(types[name.split('.').pop() ?? ''] ?? 'application/octet-stream')
      .send(data);
  });
  app.setErrorHandler((error, request, reply) => {
    if (request.url.startsWith(apiPrefix)) return reply.code(200).send(errorToEnvelope(error, request.log));
    request.log.error({ err: error }, 'request failed');
    return reply
      .code((error as { statusCode?: number }).statusCode ?? 500)
      .send({ message: Messages.internal });
  });
  registerContractRoutes(app, { document: loadContract(), handlers, services });
  if (services.isSandbox) await registerSandboxTsaRoutes(app, trust.sandboxTsa);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(apiPrefix)) {
      return reply.code(200).send({ code: Codes.notFound, message: Messages.unknownApi, data: null });
    }
    if (options.clientDir && existsSync(options.clientDir) && request.method === 'GET')
      return reply.sendFile('index.html');
    return reply.code(404).type('text/plain; charset=utf-8').send('页面不存在');
  });
  if (options.clientDir && existsSync(options.clientDir)) {
    await app.register(fastifyStatic, { root: options.clientDir, wildcard: true });
  }
  return app;
}
