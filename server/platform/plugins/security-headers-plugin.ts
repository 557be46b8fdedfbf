import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * The console's Content Security Policy, for the SPA and every API answer alike (a JSON answer opened as a
 * page runs nothing either).
 * - Scripts: only the console's own files. The built index.html has no inline script (Vite puts its
 *   modulepreload polyfill in the entry chunk), and no handler attribute may run (`script-src-attr 'none'`).
 * - Styles: MUI's emotion injects `<style>` elements at run time, so `style-src` needs `'unsafe-inline'`.
 *   A nonce would need index.html rendered per request and threaded into emotion's cache; injected CSS
 *   cannot run script, and the pages draw nothing from other origins, so the gain is small.
 * - Images: `data:` for the numbered page icon (src/layout/pageIcon.ts), `blob:` for the previews of logos
 *   chosen for upload (URL.createObjectURL).
 * - `connect-src 'self'` also allows the live socket: CSP 3 matches `ws:`/`wss:` on the same host to 'self'.
 * - No `upgrade-insecure-requests`: a console served over plain http (a LAN, the tests) must keep working;
 *   over https HSTS does that job.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  objectSrc: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
};

/** One year, the value HSTS preload lists ask for. */
const HSTS = { maxAge: 31_536_000, includeSubDomains: true };

/**
 * Security headers on every answer, by @fastify/helmet: the CSP above, `X-Frame-Options: DENY` and
 * `frame-ancestors 'none'` (no click-jacking of /login), `nosniff`, `Referrer-Policy: same-origin` (reset
 * tokens and shared-link ids in URLs never reach another site, while our own writes keep a real `Origin`),
 * and helmet's other defaults. HSTS only on answers to https requests (`X-Forwarded-Proto` behind a trusted
 * proxy): over plain http browsers ignore it, and it would only mislead. A route may tighten the policy with
 * its own `helmet` option (the logo images do).
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
      xFrameOptions: { action: 'deny' },
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: false,
    });
    app.addHook('onRequest', async (request, reply) => {
      if (request.protocol === 'https') reply.helmet({ strictTransportSecurity: HSTS });
    });
  },
  { name: 'security-headers' },
);
