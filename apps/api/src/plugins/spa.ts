import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
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
        setHeaders(reply, path) {
          reply.header(
            'Cache-Control',
            HASHED_ASSET.test(path.replaceAll('\\', '/')) ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
    } else {
      app.log.warn({ root }, 'web build not found: run `npm run build` to serve the app from the API')
    }
    const indexHtml = hasBuild ? readFileSync(indexFile, 'utf8') : null
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
        return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html)
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
        return reply.code(200).type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml)
      }
      return reply.code(404).send(errorBody(404, path.startsWith('/api') ? MSG.generic.routeNotFound : MSG.generic.notFound))
    })
  },
  { name: 'spa' },
)
