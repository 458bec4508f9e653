import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { MSG } from '@sintonia/contract'
import { errorBody } from './errors.js'
import { injectIntoHtml, type PageInjection } from '../lib/http/html-injection.js'
import { loggableError } from '../lib/pg-errors.js'

export interface SpaOptions {
  /** Folder of the built web app (vite build output). */
  root: string
  /**
   * First-paint data and share tags for the landing page, so the hero renders without waiting
   * for API calls. When it fails the plain page is served and the app loads the data itself.
   */
  landingInjection?: () => Promise<PageInjection>
}

const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z0-9]+$/

type Encoding = 'br' | 'gzip'

/** The best encoding the client accepts for the HTML pages (brotli first), or null. */
function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const offered = (acceptEncoding ?? '')
    .toLowerCase()
    .split(',')
    .map((part) => part.trim())
    .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
    .map((part) => part.split(';')[0])
  if (offered.includes('br')) return 'br'
  if (offered.includes('gzip')) return 'gzip'
  return null
}

function compressHtml(html: string, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 })
}

/**
 * Sends an HTML page compressed when the client accepts it. The landing page carries its
 * first-paint data, so it is worth compressing on every request (a few KB, well under 1 ms).
 */
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, precompressed?: Record<Encoding, Buffer>) {
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding')
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(html)
  return reply.header('Content-Encoding', encoding).send(precompressed?.[encoding] ?? compressHtml(html, encoding))
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, and
 * index.html for client routes. Unknown /api paths stay JSON 404s.
 */
export const spaPlugin = fp<SpaOptions>(
  async (app, { root, landingInjection }) => {
    const indexFile = join(root, 'index.html')
    const hasBuild = existsSync(indexFile)
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        index: false,
        wildcard: true,
        cacheControl: false,
        // The build writes .br and .gz copies of its text files (scripts/precompress-web.mjs);
        // they are sent to clients that accept them, the plain file otherwise.
        preCompressed: true,
        setHeaders(reply, path) {
          const file = path.replaceAll('\\', '/').replace(/\.(br|gz)$/, '')
          reply.header('Cache-Control', HASHED_ASSET.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    } else {
      app.log.warn({ root }, 'web build not found: run `npm run build` to serve the app from the API')
    }
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : null
    // Client routes all get the same page: compress it once.
    const indexCompressed = indexHtml ? { br: compressHtml(indexHtml, 'br'), gzip: compressHtml(indexHtml, 'gzip') } : undefined
    if (indexHtml) {
      // With index: false the static plugin answers the root folder with 403; '/' is the landing page.
      app.get('/', async (request, reply) => {
        let html = indexHtml
        if (landingInjection) {
          try {
            html = injectIntoHtml(indexHtml, await landingInjection())
          } catch (error) {
            request.log.warn({ err: loggableError(error) }, 'landing first-paint data unavailable')
          }
        }
        return sendHtml(request, reply, html)
      })
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/'
      const wantsPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !path.startsWith('/api/') &&
        path !== '/api' &&
        // A missing file with an extension is a real 404, not a client route.
        !/\.[a-z0-9]{1,8}$/i.test(path)
      if (wantsPage && indexHtml) {
        return sendHtml(request, reply.code(200), indexHtml, indexCompressed)
      }
      return reply.code(404).send(errorBody(404, path.startsWith('/api') ? MSG.generic.routeNotFound : MSG.generic.notFound))
    })
  },
  { name: 'spa' },
)
