import { endpointPath, type ApiError, type Endpoint, type ParamsOf, type ResponseOf } from '@sintonia/contract'
import { ApiRequestError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, checkAnswer } from './api-client'

export interface UploadProgress {
  loaded: number
  total: number
  /** 0–100, whole numbers. */
  percent: number
}

export type UploadOptions<E extends Endpoint> = {
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
} & (ParamsOf<E> extends [] ? { params?: never } : { params: ParamsOf<E> })

type UploadArgs<E extends Endpoint> = ParamsOf<E> extends [] ? [options?: UploadOptions<E>] : [options: UploadOptions<E>]

/**
 * Sends a FormData with real upload progress. fetch() cannot report request-body progress in
 * browsers yet, so this uses XMLHttpRequest's `upload.onprogress`: admins see real, not
 * simulated, progress. Errors are the same ApiRequestError as the rest of the API client.
 */
export function uploadWithProgress<E extends Endpoint>(endpoint: E, body: FormData, ...[given]: UploadArgs<E>): Promise<ResponseOf<E>> {
  const options = (given ?? {}) as { params?: unknown[]; onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal }
  const url = endpointPath(endpoint, ...((options.params ?? []) as ParamsOf<E>))
  return new Promise<ResponseOf<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(endpoint.method, url)
    xhr.withCredentials = true
    xhr.setRequestHeader('accept', 'application/json')
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable) return
      options.onProgress?.({ loaded: event.loaded, total: event.total, percent: Math.min(100, Math.round((event.loaded / event.total) * 100)) })
    }
    xhr.onload = () => {
      let parsed: unknown
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined
      } catch {
        parsed = undefined
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          checkAnswer(endpoint, url, parsed)
          resolve(parsed as ResponseOf<E>)
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)))
        }
        return
      }
      const error = (parsed && typeof parsed === 'object' ? parsed : {}) as Partial<ApiError>
      const message = typeof error.message === 'string' && error.message.trim() ? error.message : GENERIC_ERROR_MESSAGE
      reject(new ApiRequestError(xhr.status, message, { error: error.error ?? null, issues: Array.isArray(error.issues) ? error.issues : [] }))
    }
    xhr.onerror = () => reject(new ApiRequestError(0, NETWORK_ERROR_MESSAGE))
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'))
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('Envio cancelado', 'AbortError'))
        return
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true })
    }
    xhr.send(body)
  })
}
