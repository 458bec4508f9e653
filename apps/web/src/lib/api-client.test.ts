import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, apiGet, apiSend, getErrorMessage } from './api-client'

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
}

afterEach(() => vi.unstubAllGlobals())

describe('apiGet', () => {
  it('returns the JSON body and sends cookies', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiGet('/api/x')).resolves.toEqual({ ok: true })
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(path).toBe('/api/x')
    expect(init.method).toBe('GET')
    expect(init.credentials).toBe('include')
    expect(new Headers(init.headers).get('accept')).toBe('application/json')
  })

  it('throws ApiRequestError with the API pt-BR message and status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Campo não encontrado' }, 404),
      ),
    )
    const error = await apiGet('/api/x').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ status: 404, message: 'Campo não encontrado', error: 'Not Found' })
  })

  it('falls back to the generic message when the error body is not usable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(apiGet('/api/x')).rejects.toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE })
  })

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const error = await apiGet('/api/x').catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, isNetworkError: true })
  })

  it('lets cancellation through as an AbortError', async () => {
    const controller = new AbortController()
    controller.abort()
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')))
    await expect(apiGet('/api/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('apiSend', () => {
  it('sends JSON bodies with the method given', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiSend('POST', '/api/y', { a: 1 })).resolves.toBeUndefined()
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(init.method).toBe('POST')
    expect(init.body).toBe('{"a":1}')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(init.credentials).toBe('include')
  })

  it('carries validation issues', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        jsonResponse(
          { statusCode: 400, error: 'Bad Request', message: 'Dados inválidos', issues: [{ path: 'email', message: 'E-mail inválido' }] },
          400,
        ),
      ),
    )
    await expect(apiSend('PUT', '/api/y', {})).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'email', message: 'E-mail inválido' }],
    })
  })
})

describe('getErrorMessage', () => {
  it('uses the API message or the generic one', () => {
    expect(getErrorMessage(new ApiRequestError(500, 'Erro interno do servidor'))).toBe('Erro interno do servidor')
    expect(getErrorMessage(new Error('boom'))).toBe(GENERIC_ERROR_MESSAGE)
  })
})
