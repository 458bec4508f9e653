import { AUDIO_URL_CHECK_TIMEOUT_MS, PLAYER_MSG } from '@sintonia/contract'
import { errorMessage, errorName } from './store'

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>

export interface UrlValidationResult {
  ok: boolean
  /** Set when ok is false. */
  error?: string
  /** A non-audio content type: reported, but the URL still counts as valid. */
  warning?: string
  status?: number
  contentType?: string | null
}

export interface ValidateUrlOptions {
  fetch?: FetchLike
  timeoutMs?: number
  /** Relative URLs (the API's '/api/…' routes) resolve against this; defaults to the page address. */
  baseUrl?: string
}

/** The platform fetch, looked up at call time so tests can stub it. */
export const defaultFetch: FetchLike = (input, init) => globalThis.fetch(input, init)

export function defaultBaseUrl(): string | undefined {
  return typeof location === 'undefined' ? undefined : location.href
}

/** Runs a HEAD request that is aborted after `timeoutMs`; `timedOut` tells a timeout from other failures. */
export async function headWithTimeout(
  fetchFn: FetchLike,
  url: string,
  timeoutMs: number,
): Promise<{ response?: Response; error?: unknown; timedOut: boolean }> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, timeoutMs)
  try {
    const response = await fetchFn(url, { method: 'HEAD', signal: controller.signal, cache: 'no-store' })
    return { response, timedOut: false }
  } catch (error) {
    return { error, timedOut }
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The audio URL check ("Validar áudio", docs/product/listening.md#diagnostics): parseable URL, then
 * a HEAD request with a 10 s timeout. Non-OK → 'Erro HTTP {status}'; timeout → 'Timeout na
 * validação do áudio'; network failure → 'Erro de rede: …'; anything else → 'Erro de validação: …'.
 * A non-audio content type only warns.
 */
export async function validateAudioUrl(url: string, options: ValidateUrlOptions = {}): Promise<UrlValidationResult> {
  const { fetch: fetchFn = defaultFetch, timeoutMs = AUDIO_URL_CHECK_TIMEOUT_MS } = options
  const baseUrl = options.baseUrl ?? defaultBaseUrl()
  if (!url || !url.trim()) return { ok: false, error: PLAYER_MSG.invalidUrl(PLAYER_MSG.emptyUrl) }

  let parsed: URL
  try {
    parsed = new URL(url.trim(), baseUrl)
  } catch {
    return { ok: false, error: PLAYER_MSG.invalidUrl(url) }
  }

  // Local copies (offline cache object URLs, data URLs) need no network check.
  if (parsed.protocol === 'blob:' || parsed.protocol === 'data:') return { ok: true, contentType: null }

  const { response, error, timedOut } = await headWithTimeout(fetchFn, parsed.href, timeoutMs)
  if (!response) {
    if (timedOut) return { ok: false, error: PLAYER_MSG.validationTimeout }
    if (error instanceof TypeError) return { ok: false, error: PLAYER_MSG.networkError(errorMessage(error)) }
    if (errorName(error) === 'AbortError') return { ok: false, error: PLAYER_MSG.validationTimeout }
    return { ok: false, error: PLAYER_MSG.validationError(errorMessage(error)) }
  }

  if (!response.ok) return { ok: false, error: PLAYER_MSG.httpError(response.status), status: response.status }

  const contentType = response.headers.get('content-type')
  const mime = contentType?.split(';')[0]?.trim().toLowerCase() ?? ''
  const result: UrlValidationResult = { ok: true, status: response.status, contentType }
  if (mime && !mime.startsWith('audio/')) result.warning = PLAYER_MSG.nonAudioContentType(mime)
  return result
}
