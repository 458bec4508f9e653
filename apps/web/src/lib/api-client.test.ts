import { afterEach, describe, expect, it, vi } from 'vitest'
import { ENDPOINTS } from '@sintonia/contract'
import { ApiRequestError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, api, getErrorMessage, loadErrorMessage, observeAnswers } from './api-client'

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
}

const health = { status: 'ok', database: 'up', version: '1.0.0', uptimeSeconds: 12 }
const playlistId = '0b7f3c7e-3f51-4a59-9d57-0d3f0c6c2a11'
const playlist = { id: playlistId, name: 'Manhã', description: '', audios: [], createdAt: '2026-11-25T10:00:00.000Z', updatedAt: '2026-11-25T10:00:00.000Z' }

afterEach(() => vi.unstubAllGlobals())

describe('api', () => {
  it('calls the endpoint with its method and path, sends cookies and returns the answer', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(health))
    vi.stubGlobal('fetch', fetchMock)
    await expect(api(ENDPOINTS.health)).resolves.toEqual(health)
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(path).toBe('/api/health')
    expect(init.method).toBe('GET')
    expect(init.credentials).toBe('include')
    expect(new Headers(init.headers).get('accept')).toBe('application/json')
  })

  it('fills the path parameters and sends the body as JSON', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse(playlist))
    vi.stubGlobal('fetch', fetchMock)
    await expect(api(ENDPOINTS.listening.updatePlaylist, { params: [playlistId], body: { name: 'Manhã' } })).resolves.toEqual(playlist)
    const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect(path).toBe(`/api/playlists/${playlistId}`)
    expect(init.method).toBe('PATCH')
    expect(init.body).toBe('{"name":"Manhã"}')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
  })

  it('writes the query, leaving out absent values', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ results: [] }))
    vi.stubGlobal('fetch', fetchMock)
    await api(ENDPOINTS.catalogue.search, { query: { q: 'coração e paz', page: undefined } })
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/search?q=cora%C3%A7%C3%A3o+e+paz')
  })

  it('shows each successful read, and only reads, to the answer observer (the offline keeper)', async () => {
    const seen: [string, unknown][] = []
    const stop = observeAnswers((path, body) => seen.push([path, body]))
    vi.stubGlobal('fetch', vi.fn(async (_path: string, init?: RequestInit) => jsonResponse(init?.method === 'GET' ? health : playlist)))
    await api(ENDPOINTS.health)
    await api(ENDPOINTS.listening.updatePlaylist, { params: [playlistId], body: { name: 'Manhã' } })
    expect(seen).toEqual([['/api/health', health]])
    // Another observer took over: stopping the first one leaves it in place.
    const second: string[] = []
    const stopSecond = observeAnswers((path) => second.push(path))
    stop()
    await api(ENDPOINTS.health)
    expect(second).toEqual(['/api/health'])
    stopSecond()
    await api(ENDPOINTS.health)
    expect(second).toHaveLength(1)
  })

  it('resolves an empty answer (204) to undefined', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response(null, { status: 204 })))
    await expect(api(ENDPOINTS.catalogue.admin.deleteField, { params: [playlistId] })).resolves.toBeUndefined()
  })

  it('refuses, outside production, an answer that does not follow the contract', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ status: 'ok' })))
    await expect(api(ENDPOINTS.health)).rejects.toThrow(/GET \/api\/health não segue o contrato/)
  })

  it('throws ApiRequestError with the API pt-BR message and status', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Campo não encontrado' }, 404)))
    const error = await api(ENDPOINTS.catalogue.field, { params: ['x'] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiRequestError)
    expect(error).toMatchObject({ status: 404, message: 'Campo não encontrado', error: 'Not Found' })
  })

  it('carries validation issues', async () => {
    const body = { statusCode: 400, error: 'Bad Request', message: 'Dados inválidos', issues: [{ path: 'email', message: 'E-mail inválido' }] }
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(body, 400)))
    await expect(api(ENDPOINTS.accounts.forgotPassword, { body: { email: 'x' } })).rejects.toMatchObject({
      status: 400,
      issues: [{ path: 'email', message: 'E-mail inválido' }],
    })
  })

  it('falls back to the generic message when the error body is not usable', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 })))
    await expect(api(ENDPOINTS.health)).rejects.toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGE })
  })

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    const error = await api(ENDPOINTS.health).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE, isNetworkError: true })
  })

  it('lets cancellation through as an AbortError', async () => {
    const controller = new AbortController()
    controller.abort()
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new DOMException('aborted', 'AbortError')))
    await expect(api(ENDPOINTS.health, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('types the call from the endpoint', () => {
    // Compile-time checks (tsc runs over the tests): each line below must stay an error.
    const never = (): void => {
      // @ts-expect-error the path needs its parameter
      void api(ENDPOINTS.catalogue.field)
      // @ts-expect-error the endpoint takes a body
      void api(ENDPOINTS.accounts.forgotPassword)
      // @ts-expect-error the body must follow the endpoint's schema
      void api(ENDPOINTS.accounts.forgotPassword, { body: { mail: 'a@b.c' } })
      // @ts-expect-error the endpoint takes no body
      void api(ENDPOINTS.health, { body: {} })
    }
    expect(typeof never).toBe('function')
  })
})

describe('getErrorMessage', () => {
  it('uses the API message or the generic one', () => {
    expect(getErrorMessage(new ApiRequestError(500, 'Erro interno do servidor'))).toBe('Erro interno do servidor')
    expect(getErrorMessage(new Error('boom'))).toBe(GENERIC_ERROR_MESSAGE)
  })
})

describe('loadErrorMessage', () => {
  it("names what did not load for a connection or server failure, and keeps the server's word otherwise", () => {
    const fallback = 'Erro ao carregar áudios'
    expect(loadErrorMessage(new ApiRequestError(0, NETWORK_ERROR_MESSAGE), fallback)).toBe(fallback)
    expect(loadErrorMessage(new ApiRequestError(503, 'Serviço indisponível'), fallback)).toBe(fallback)
    expect(loadErrorMessage(new ApiRequestError(404, 'Campo não encontrado'), fallback)).toBe('Campo não encontrado')
    expect(loadErrorMessage(new ApiRequestError(400, GENERIC_ERROR_MESSAGE), fallback)).toBe(fallback)
    expect(loadErrorMessage(new Error('boom'), fallback)).toBe(fallback)
  })
})
