import type { ApiError } from '@sintonia/contract'

/** Shown when the server's error body carries no usable message (docs/product/README.md#not-found-page-and-page-errors). */
export const GENERIC_ERROR_MESSAGE = 'Erro ao processar sua solicitação. Tente novamente.'
/** Shown when the request never reached the server. */
export const NETWORK_ERROR_MESSAGE = 'Erro de conexão. Verifique sua internet.'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

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

async function request<T>(method: HttpMethod, path: string, init: RequestInit = {}): Promise<T> {
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

  if (response.status === 204 || response.status === 205) return undefined as T
  try {
    if (isJsonResponse(response)) return (await response.json()) as T
    const text = await response.text()
    return (text ? JSON.parse(text) : undefined) as T
  } catch (error) {
    if (isAbortError(error)) throw error
    throw new ApiRequestError(response.status, GENERIC_ERROR_MESSAGE)
  }
}

/** GET a JSON resource. Pass `init.signal` (TanStack Query's) to allow cancellation. */
export function apiGet<T>(path: string, init?: RequestInit): Promise<T> {
  return request<T>('GET', path, init)
}

/**
 * Send a body to the API. Plain values are sent as JSON; FormData/Blob/URLSearchParams are sent
 * as they are (the browser sets their content type).
 */
export function apiSend<T>(method: Exclude<HttpMethod, 'GET'>, path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers)
  let payload: BodyInit | undefined
  if (body === undefined) {
    payload = undefined
  } else if (body instanceof FormData || body instanceof Blob || body instanceof URLSearchParams) {
    payload = body
  } else {
    headers.set('content-type', 'application/json')
    payload = JSON.stringify(body)
  }
  return request<T>(method, path, { ...init, headers, body: payload ?? null })
}
