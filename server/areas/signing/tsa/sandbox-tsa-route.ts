/**
 * The sandbox TSA over HTTP (RFC 3161 3.4): POST /sandbox/tsa with application/timestamp-query
 * answers application/timestamp-reply; GET /sandbox/tsa/chain.pem gives its certificate and the
 * root, for `openssl ts -verify -CAfile`. Only while the sandbox is on.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxTsa } from './sandbox-tsa';

export async function registerSandboxTsaRoutes(app: FastifyInstance, tsa: SandboxTsa): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/timestamp-query', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    scope.post('/sandbox/tsa', async (request, reply) => {
      if (!Buffer.isBuffer(request.body))
        return reply
          .code(415)
          .type('text/plain; charset=utf-8')
          .send('请以 application/timestamp-query 提交时间戳请求');
      try {
        const response = await tsa.respond(request.body);
        return reply.type('application/timestamp-reply').send(response);
      } catch {
        return reply.code(503).type('text/plain; charset=utf-8').send('时间戳服务暂不可用，请稍后重试');
      }
    });
    scope.get('/sandbox/tsa/chain.pem', async (_request, reply) => {
      const chain = await tsa.chainPem();
      return reply.type('application/x-pem-file').send(chain.tsa + chain.root);
    });
  });
}
