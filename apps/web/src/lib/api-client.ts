import { endpointPath, schemasOf, type ApiError, type BodyOf, type Endpoint, type ParamsOf, type ResponseOf, type TakesBody } from '@sintonia/contract'

/** Shown when the server's error body carries no usable message (docs/product/README.md#not-found-page-and-page-errors). */
export const GENERIC_ERROR_MESSAGE = 'Erro ao processar sua solicitação. Tente novamente.'
/** Shown when the request never reached the server. */
export const NETWORK_ERROR_MESSAGE = 'Erro de conexão. Verifique sua internet.'

/**
 * Every failed API call rejects with this error. `message` is always pt-BR and safe to show;
 * `status` is the HTTP status, or 0 when the network failed before any answer.
 */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError'
  readonly status: number
  /** The API's short error name (e.g. 'Not Found'), when it sent one. */
  readonly error: string | null
  /** Per-field validation messages, when the API sent them. */
  readonly issues: NonNullable<ApiError['issues']>

  constructor(status: number, message: string, details: { error?: string | null; issues?: ApiError['issues'] } = {}) {
    super(message)
    this.status = status
    this.error = details.error ?? null
    this.issues = details.issues ?? []
  }

  get isNetworkError(): boolean {
    return this.status === 0
  }
}

/** The pt-BR text to show for any error a query or mutation may throw. */
export function getErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return error.message
  return GENERIC_ERROR_MESSAGE
}

/**
 * The most precise pt-BR text of a failed request: a field's own validation message (the API's
 * `message` then carries the field's path), else the server's message, else `fallback` when the
 * server said nothing usable. A request that never reached the server reads the network message.
 */
export function errorMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) {
    const issue = error.issues.find((item) => item.message.trim())?.message
    if (issue) return issue
    if (error.message.trim() && error.message !== GENERIC_ERROR_MESSAGE) return error.message
  }
  return fallback
}

/**
 * The text of a page whose read failed: the page's own `fallback` ('Erro ao carregar áudios') when
 * the request never reached the server or the server failed (5xx) — the listener learns what did
 * not load — else what the server said ('Campo não encontrado', 'ID do campo inválido').
 */
export function loadErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && (error.isNetworkError || error.status >= 500)) return fallback
  return errorMessageOr(error, fallback)
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

function isJsonResponse(response: Response): boolean {
  const type = response.headers.get('content-type') ?? ''
  return type.includes('application/json') || type.includes('+json')
}

async function readErrorBody(response: Response): Promise<Partial<ApiError> | null> {
  if (!isJsonResponse(response)) return null
  try {
    const body: unknown = await response.json()
    return body && typeof body === 'object' ? (body as Partial<ApiError>) : null
  } catch {
    return null
  }
}

async function request(method: Endpoint['method'], path: string, init: RequestInit = {}): Promise<unknown> {
  const headers = new Headers(init.headers)
  if (!headers.has('accept')) headers.set('accept', 'application/json')

  let response: Response
  try {
    response = await fetch(path, { ...init, method, headers, credentials: 'include' })
  } catch (error) {
    // Cancellation (TanStack Query aborting a stale request) must stay an AbortError.
    if (isAbortError(error) || init.signal?.aborted) throw error
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE)
  }

  if (!response.ok) {
    const body = await readErrorBody(response)
    const message = typeof body?.message === 'string' && body.message.trim() ? body.message : GENERIC_ERROR_MESSAGE
    throw new ApiRequestError(response.status, message, {
      error: typeof body?.error === 'string' ? body.error : null,
      issues: Array.isArray(body?.issues) ? body.issues : [],
    })
  }

  if (response.status === 204 || response.status === 205) return undefined
  try {
    if (isJsonResponse(response)) return (await response.json()) as unknown
    const text = await response.text()
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch (error) {
    if (isAbortError(error)) throw error
    throw new ApiRequestError(response.status, GENERIC_ERROR_MESSAGE)
  }
}

type Query = Record<string, string | number | boolean | null | undefined>

/** What a call sends besides the endpoint: its path parameters, query, body and abort signal. */
export type CallOptions<E extends Endpoint> = {
  query?: Query
  signal?: AbortSignal | undefined
} & (ParamsOf<E> extends [] ? { params?: never } : { params: ParamsOf<E> }) &
  (TakesBody<E> extends true ? { body: BodyOf<E> } : { body?: never })

type CallArgs<E extends Endpoint> = ParamsOf<E> extends [] ? (TakesBody<E> extends true ? [options: CallOptions<E>] : [options?: CallOptions<E>]) : [options: CallOptions<E>]

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path
  const search = new URLSearchParams()
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) search.set(key, String(value))
  const text = search.toString()
  return text ? `${path}?${text}` : path
}

/**
 * Throws, outside production builds, when an answer does not follow its endpoint's schema: a server
 * and a web that drifted apart fail in development and in the tests instead of on a listener's
 * screen. Production builds leave the schemas (and zod) out of the pages entirely.
 */
export function checkAnswer(endpoint: Endpoint, path: string, body: unknown): void {
  if (import.meta.env.PROD) return
  const response = schemasOf(endpoint)?.response
  if (!response) return
  const result = response.safeParse(body)
  if (!result.success) {
    throw new Error(`A resposta de ${endpoint.method} ${path} não segue o contrato: ${result.error.message}`)
  }
}

/** Sees each successful read: its path (with the query) and its answer. */
export type AnswerObserver = (path: string, body: unknown) => void

let answerObserver: AnswerObserver | null = null

/**
 * Makes `observer` the one observer of successful GET answers; the returned function removes it
 * (unless another took its place). app/ gives it the offline feature's keeper, so the answers
 * needed to open the app offline are kept even when the service worker did not see them
 * (docs/product/realtime-and-offline.md#what-is-kept-on-the-device).
 */
export function observeAnswers(observer: AnswerObserver): () => void {
  answerObserver = observer
  return () => {
    if (answerObserver === observer) answerObserver = null
  }
}

/**
 * Calls one of the contract's endpoints (ENDPOINTS in @sintonia/contract): the answer's type comes
 * from the endpoint. Every failure rejects with ApiRequestError; pass TanStack Query's `signal` to
 * allow cancellation.
 */
export async function api<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<ResponseOf<E>> {
  const call = (options ?? {}) as { params?: unknown[]; query?: Query; body?: unknown; signal?: AbortSignal }
  const path = withQuery(endpointPath(endpoint, ...((call.params ?? []) as ParamsOf<E>)), call.query)
  const init: RequestInit = call.signal ? { signal: call.signal } : {}
  if (call.body !== undefined) {
    init.headers = { 'content-type': 'application/json' }
    init.body = JSON.stringify(call.body)
  }
  const answer = await request(endpoint.method, path, init)
  checkAnswer(endpoint, path, answer)
  if (endpoint.method === 'GET' && answerObserver) {
    try {
      answerObserver(path, answer)
    } catch {
      // Keeping a copy is a convenience; the caller still gets its answer.
    }
  }
  return answer as ResponseOf<E>
}
