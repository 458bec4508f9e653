import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import type { App } from '../../src/app.js'

export type MediaResponse = LightMyRequestResponse & {
  /** The media route's own answer when it redirected to a signed address (ADR 021), else null. */
  redirect: LightMyRequestResponse | null
}

/**
 * A media request as a player makes it: the authorising route, then — when it redirects to a
 * signed address of this API — that address with the same method and headers (Range, If-*), as a
 * browser follows a redirect. Anything else (a refusal, an error) is returned as it came.
 */
export async function injectMedia(app: App, options: InjectOptions & { url: string }): Promise<MediaResponse> {
  const first = await app.inject(options)
  const location = first.headers.location
  if (first.statusCode !== 302 || typeof location !== 'string' || !location.startsWith('/')) return Object.assign(first, { redirect: null })
  const { cookie: _cookie, ...headers } = (options.headers ?? {}) as Record<string, string>
  const followed = await app.inject({ ...options, url: location, headers })
  return Object.assign(followed, { redirect: first })
}

/** `injectMedia` carrying the account's sign-in cookie (none for an anonymous call), like callAs. */
export function hearAs(ctx: { app: App }, account: { cookie: string } | null, options: InjectOptions & { url: string }): Promise<MediaResponse> {
  const headers = { ...((options.headers as Record<string, string> | undefined) ?? {}), ...(account ? { cookie: account.cookie } : {}) }
  return injectMedia(ctx.app, { ...options, headers })
}
