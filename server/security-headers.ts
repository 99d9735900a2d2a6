/**
 * Security headers on every response (issue 39), through @fastify/helmet: the pages that sign and
 * verify run only this origin's scripts and cannot be framed by another site.
 *
 * What the client needs and why each source is allowed: React and Radix set inline `style`
 * attributes (style-src 'unsafe-inline'; no inline script anywhere, so script-src stays 'self');
 * signature pads, QR codes and previews are data: and blob: images; pdf.js (react-pdf) runs its
 * worker from a bundled file of this origin and may start it from a blob: URL. The app may frame its
 * own files (the web preview, printing a PDF from a hidden frame), so a stored file allows frame
 * ancestors of this origin, while the app and the API allow none. HSTS is sent only when the request
 * came over TLS (directly or, with trustProxy, as X-Forwarded-Proto: https): over plain HTTP the
 * browser ignores it, and a development server on http://localhost must not pin itself to HTTPS.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const appDirectives = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // Over plain HTTP (development, the browser tests) upgrading would break every request.
  upgradeInsecureRequests: null,
};

/** A stored file (uploaded picture, sealed PDF): nothing runs in it, and only this origin frames it. */
export const filePolicy =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

const hstsValue = 'max-age=31536000; includeSubDomains';

/** The route that serves stored files (server/app.ts). */
const filesRoute = '/files/:name';

export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: appDirectives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Sent below, and only over TLS.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hstsValue);
    if (request.routeOptions.url === filesRoute) {
      reply.header('content-security-policy', filePolicy);
      reply.header('x-frame-options', 'SAMEORIGIN');
    }
    done();
  });
}
