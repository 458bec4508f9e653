import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeFetch } from './testing/fake-fetch'
import { validateAudioUrl } from './validate-url'

const BASE = 'https://app.test/campo/1'
const FILE = 'https://app.test/api/audios/a/file'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

describe('validateAudioUrl', () => {
  it('rejects an unparseable URL', async () => {
    const { fetch, calls } = createFakeFetch()
    expect(await validateAudioUrl('http://', { fetch, baseUrl: BASE })).toEqual({ ok: false, error: 'URL inválida: http://' })
    expect(await validateAudioUrl('   ', { fetch, baseUrl: BASE })).toEqual({ ok: false, error: 'URL inválida: URL vazia' })
    expect(calls).toHaveLength(0)
  })

  it('sends a HEAD request, resolving relative URLs against the page', async () => {
    const { fetch, calls } = createFakeFetch({ [FILE]: { status: 200, contentType: 'audio/mpeg' } })
    const result = await validateAudioUrl('/api/audios/a/file', { fetch, baseUrl: BASE })
    expect(result).toEqual({ ok: true, status: 200, contentType: 'audio/mpeg' })
    expect(calls).toEqual([{ url: FILE, method: 'HEAD' }])
  })

  it("answers 'Erro HTTP {status}' for a non-OK answer", async () => {
    const { fetch } = createFakeFetch({ [FILE]: { status: 403 } })
    expect(await validateAudioUrl(FILE, { fetch })).toEqual({ ok: false, error: 'Erro HTTP 403', status: 403 })
    const missing = createFakeFetch()
    expect((await validateAudioUrl(FILE, { fetch: missing.fetch })).error).toBe('Erro HTTP 404')
  })

  it("times out after 10 s with 'Timeout na validação do áudio'", async () => {
    const { fetch } = createFakeFetch({ [FILE]: 'hang' })
    let settled = false
    const pending = validateAudioUrl(FILE, { fetch }).finally(() => {
      settled = true
    })
    await vi.advanceTimersByTimeAsync(9_999)
    expect(settled).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(await pending).toEqual({ ok: false, error: 'Timeout na validação do áudio' })
    expect(vi.getTimerCount()).toBe(0)
  })

  it("reports a network failure as 'Erro de rede: …'", async () => {
    const { fetch } = createFakeFetch({ [FILE]: 'network-error' })
    expect(await validateAudioUrl(FILE, { fetch })).toEqual({ ok: false, error: 'Erro de rede: Failed to fetch' })
  })

  it("reports anything else as 'Erro de validação: …'", async () => {
    const { fetch } = createFakeFetch({ [FILE]: 'throw-other' })
    expect(await validateAudioUrl(FILE, { fetch })).toEqual({ ok: false, error: 'Erro de validação: algo inesperado' })
  })

  it('only warns about a non-audio content type', async () => {
    const { fetch } = createFakeFetch({ [FILE]: { status: 200, contentType: 'text/html; charset=utf-8' } })
    const result = await validateAudioUrl(FILE, { fetch })
    expect(result.ok).toBe(true)
    expect(result.error).toBeUndefined()
    expect(result.warning).toContain('text/html')
  })

  it('accepts a missing content type without a warning', async () => {
    const { fetch } = createFakeFetch({ [FILE]: { status: 200 } })
    expect(await validateAudioUrl(FILE, { fetch })).toEqual({ ok: true, status: 200, contentType: null })
  })

  it('does not fetch object URLs of offline copies', async () => {
    const { fetch, calls } = createFakeFetch()
    expect((await validateAudioUrl('blob:https://app.test/0f1e', { fetch })).ok).toBe(true)
    expect(calls).toHaveLength(0)
  })
})
