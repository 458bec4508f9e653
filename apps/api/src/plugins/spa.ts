import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'
import { DEFAULT_PRODUCT_NAME, isWebAppPath, MSG } from '@sintonia/contract'
import { errorBody } from '../lib/http/errors.js'
import type { ReadCache } from '../lib/cache/read-cache.js'
import { escapeHtml, injectIntoHtml, replaceRootContent, type PageInjection } from '../lib/http/html-injection.js'
import { loggableError } from '../lib/pg-errors.js'
import { landingRendererFile, loadLandingRenderer, type RenderLanding } from '../lib/http/landing-renderer.js'
import type { LandingPageHtml } from './landing-page-cache.js'

export interface SpaOptions {
  /** Folder of the built web app (vite build output). */
  root: string
  /**
   * First-paint data and share tags for the landing page, so the hero renders without waiting
   * for API calls. When it fails the plain page is served and the app loads the data itself.
   */
  landingInjection?: () => Promise<PageInjection>
  /**
   * The landing's server render (ADR 013): its module file, by default the web build's
   * `dist-ssr/render-landing.js` next to `root`; or the function itself; null for none. Without it,
   * or when it throws, `/` keeps the boot screen and paints once its JS has run.
   */
  landingRenderer?: string | RenderLanding | null
  /** Pages of `/` already built, keyed by the data they carry (plugins/landing-page-cache.ts). */
  landingPageCache?: ReadCache<LandingPageHtml>
  /** The product name (an admin setting) for the not-found page's title; DEFAULT_PRODUCT_NAME without it or when it fails. */
  productName?: () => Promise<string>
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
function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string, precompressed?: Partial<Record<Encoding, Buffer>>) {
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding')
  const encoding = pickEncoding(request.headers['accept-encoding'])
  if (!encoding) return reply.send(html)
  return reply.header('Content-Encoding', encoding).send(precompressed?.[encoding] ?? compressHtml(html, encoding))
}

/** The app's page with the not-found page's tab title (the app shows the page itself once it runs). */
export function notFoundHtml(indexHtml: string, productName: string): string {
  const title = `<title>${escapeHtml(`${MSG.notFoundPage.title} — ${productName}`)}</title>`
  return /<title>[\s\S]*?<\/title>/i.test(indexHtml)
    ? indexHtml.replace(/<title>[\s\S]*?<\/title>/i, () => title)
    : indexHtml.replace(/<\/head>/i, () => `${title}</head>`)
}

/**
 * Serves the built SPA: hashed assets cached for a year, everything else revalidated, index.html
 * for the app's pages (200) and for any other page address, as its not-found page (404). Unknown
 * /api paths stay JSON 404s.
 */
export const spaPlugin = fp<SpaOptions>(
  async (app, { root, landingInjection, landingRenderer = landingRendererFile(root), landingPageCache, productName }) => {
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
    // `/` has a page of its own, which loads the landing without the rest of the app (ADR 014); a
    // build without it serves `/` with the app's page.
    const landingFile = join(root, 'landing.html')
    const landingHtml = indexHtml && existsSync(landingFile) ? readFileSync(landingFile, 'utf8') : indexHtml
    const landingCompressed =
      landingHtml === indexHtml ? indexCompressed : landingHtml ? { br: compressHtml(landingHtml, 'br'), gzip: compressHtml(landingHtml, 'gzip') } : undefined
    const renderLanding = landingHtml && landingInjection ? await landingRendererOf(landingRenderer) : null

    /** Injects the data and share tags, and the rendered landing into #root when it renders. */
    const buildLandingPage = async (injection: PageInjection, log: FastifyRequest['log']): Promise<LandingPageHtml> => {
      let html = injectIntoHtml(landingHtml as string, injection)
      if (renderLanding) {
        try {
          const rendered = replaceRootContent(html, await renderLanding(injection.data))
          if (rendered) html = rendered
          else log.warn('index.html has no <div id="root">: the landing is served without its server render')
        } catch (error) {
          log.warn({ err: loggableError(error) }, 'landing server render failed: `/` shows the boot screen until its JS runs')
        }
      }
      return { html, br: compressHtml(html, 'br'), gzip: compressHtml(html, 'gzip') }
    }

    if (landingHtml) {
      // With index: false the static plugin answers the root folder with 403; '/' is the landing page.
      app.get('/', async (request, reply) => {
        if (!landingInjection) return sendHtml(request, reply, landingHtml, landingCompressed)
        let injection: PageInjection
        try {
          injection = await landingInjection()
        } catch (error) {
          request.log.warn({ err: loggableError(error) }, 'landing first-paint data unavailable')
          return sendHtml(request, reply, landingHtml, landingCompressed)
        }
        // The same data always makes the same page: keyed by it, a cached page never disagrees
        // with the data of this request.
        const build = () => buildLandingPage(injection, request.log)
        const page = landingPageCache
          ? await landingPageCache.getOrLoad(createHash('sha256').update(JSON.stringify(injection)).digest('base64url'), build)
          : await build()
        return sendHtml(request, reply, page.html, page)
      })
    }

    /** The renderer given, or the module loaded once now; a warning when there is none. */
    async function landingRendererOf(renderer: SpaOptions['landingRenderer']): Promise<RenderLanding | null> {
      if (renderer === null || renderer === undefined) return null
      if (typeof renderer === 'function') return renderer
      const loaded = await loadLandingRenderer(renderer)
      if (loaded.render) {
        // One render in the background loads the module's chunks and warms its code, so the first
        // visitor after a start does not wait for that (~0.3 s; later renders take ~10 ms).
        const render = loaded.render
        Promise.resolve()
          .then(() => render({}))
          .catch(() => undefined)
        return render
      }
      app.log.warn(
        { file: renderer, err: loaded.error === undefined ? undefined : loggableError(loaded.error) },
        loaded.problem === 'missing'
          ? 'landing server render not found (run `npm run build`): `/` shows the boot screen until its JS runs'
          : 'landing server render unusable: `/` shows the boot screen until its JS runs',
      )
      return null
    }

    const pageNotFound = async (request: FastifyRequest): Promise<string> => {
      let name = DEFAULT_PRODUCT_NAME
      try {
        if (productName) name = await productName()
      } catch (error) {
        request.log.warn({ err: loggableError(error) }, 'product name unavailable: the not-found page names the default')
      }
      return notFoundHtml(indexHtml as string, name)
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
        // The app's own pages (contract/src/common/web-pages.ts) answer 200; any other address gets
        // the same app, which shows its not-found page, with the status that says so.
        if (isWebAppPath(path)) return sendHtml(request, reply.code(200), indexHtml, indexCompressed)
        return pageNotFound(request).then((html) => sendHtml(request, reply.code(404), html))
      }
      return reply.code(404).send(errorBody(404, path.startsWith('/api') ? MSG.generic.routeNotFound : MSG.generic.notFound))
    })
  },
  { name: 'spa' },
)
