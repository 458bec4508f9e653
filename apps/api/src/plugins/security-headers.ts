import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import helmet from 'helmet'
import { THEME_BOOT_SCRIPT } from '@sintonia/contract'

/** The one inline script of our pages (day or night before the first paint), allowed by its hash. */
export const THEME_BOOT_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_BOOT_SCRIPT).digest('base64')}'`

/**
 * Security headers on every answer (docs/security.md#security-headers): a Content-Security-Policy
 * that allows only our own scripts and the theme boot script by its hash (the first-paint data is
 * a JSON block, not a script), plus
 * helmet's defaults (nosniff, frame and referrer rules, COOP). What it must let through, and why:
 * - styles: 'unsafe-inline' for the boot screen's <style> in index.html and the toast library's
 *   injected styles; no script can run from them.
 * - media, images, frames, connections: https: — admins may point the landing video at any HLS
 *   stream, YouTube/embed page or thumbnail host; blob: for offline copies and upload previews;
 *   data: in media-src only, for the page's moment of silence (lib/page-audio.ts).
 * - workers: the service worker (self) and blob: workers of the HLS player.
 * Cross-Origin-Embedder-Policy stays off: it would block the YouTube embed.
 *
 * The headers are the same on every answer, so helmet builds them once, at start. (The Fastify
 * wrapper @fastify/helmet rebuilt every policy for every request and added an async hook to each:
 * a cost every short request paid, such as a flood's; docs/performance.md, twelfth sessions run.)
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    const production = app.config.isProduction
    // Only a site served over HTTPS asks browsers to upgrade: a production build behind plain HTTP
    // (a private network, the bench) would otherwise have every redirect, signed media addresses
    // included (ADR 021), sent to an https:// that does not answer.
    const servedOverHttps = production && app.config.publicUrl.startsWith('https://')
    // Media redirected to the bucket (ADR 021) is played and downloaded from its origin; an https
    // bucket is already allowed, a plain-http one (MinIO on a private network) is named here.
    const storage = app.config.storage
    const bucketOrigin = storage.driver === 's3' && storage.endpoint?.startsWith('http://') ? [new URL(storage.endpoint).origin] : []
    const setSecurityHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", THEME_BOOT_SCRIPT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          // data: for media only: the moment of silence a click plays to let the page's audio start later (docs/security.md).
          mediaSrc: ["'self'", 'data:', 'blob:', 'https:', ...bucketOrigin],
          connectSrc: ["'self'", 'https:', ...bucketOrigin],
          fontSrc: ["'self'", 'data:'],
          frameSrc: ["'self'", 'https:'],
          workerSrc: ["'self'", 'blob:'],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
          upgradeInsecureRequests: servedOverHttps ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      // Our media and pages are same-site; a stricter value would only break legitimate embeds of the demo.
      crossOriginResourcePolicy: { policy: 'same-site' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // HSTS only where the site is served over HTTPS (production); browsers ignore it on http anyway.
      strictTransportSecurity: production ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    })
    app.addHook('onRequest', (request, reply, done) => {
      // Static options: setting the headers cannot fail.
      setSecurityHeaders(request.raw, reply.raw, () => done())
    })
  },
  { name: 'security-headers' },
)
