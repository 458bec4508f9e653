import 'fake-indexeddb/auto'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Sonner from 'sonner'
import { renderWithProviders } from '../../../test/render'
import { clearCachedAudios } from '../lib/audio-cache-db'
import { downloadStore } from '../lib/audio-downloader'
import { streamResponse, useNodeBlob } from '../testing/helpers'
import { DownloadButton } from './download-button'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))
// What a download keeps besides the audio (music, the page's data) is covered by offline-data.test.ts;
// here it is held open by the test when one asks (`pageData`).
const pageData = vi.hoisted(() => ({ hold: null as null | { asked?: boolean; report?: (fraction: number) => void; release?: () => void } }))
vi.mock('../lib/offline-data', () => ({
  prepareOfflineListening: vi.fn(async (_request: unknown, options?: { onProgress?: (fraction: number) => void }) => {
    const hold = pageData.hold
    if (!hold) return
    hold.asked = true
    hold.report = options?.onProgress
    await new Promise<void>((resolve) => (hold.release = resolve))
  }),
}))

const audio = { id: 'aud-1', title: 'Prosperidade', fieldId: 'campo-1', url: '/api/audios/aud-1/file', duration: '1:00' }

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  downloadStore.clear()
  toastMock.success.mockClear()
  toastMock.error.mockClear()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DownloadButton', () => {
  it('shows the progress as a progress bar, then "Disponível offline" with the final 100', async () => {
    const { response, body } = streamResponse({ headers: { 'content-length': '100' } })
    vi.stubGlobal('fetch', vi.fn(async () => response))
    renderWithProviders(<DownloadButton audio={audio} compact />)

    fireEvent.click(await screen.findByRole('button', { name: 'Baixar “Prosperidade” para ouvir offline' }))
    const bar = await screen.findByRole('progressbar', { name: 'Baixando “Prosperidade”' })
    // 40 of the audio's 100 bytes: the audio fills the bar up to 90, the page's data the rest.
    await act(async () => body.push(40))
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('36'))
    expect(bar.textContent).toContain('36%')
    await act(async () => {
      body.push(60)
      body.close()
    })

    const done = await screen.findByRole('status', { name: 'Disponível offline' })
    expect(done.getAttribute('data-progress')).toBe('100')
    expect(toastMock.success).toHaveBeenCalledWith('Download concluído', { description: 'Prosperidade' })
  })

  it('reads "Disponível offline" only once the page\'s data is kept too, the bar moving on to the end meanwhile', async () => {
    pageData.hold = {}
    try {
      const { response, body } = streamResponse({ headers: { 'content-length': '100' } })
      vi.stubGlobal('fetch', vi.fn(async () => response))
      renderWithProviders(<DownloadButton audio={audio} compact />)
      fireEvent.click(await screen.findByRole('button', { name: 'Baixar “Prosperidade” para ouvir offline' }))
      const bar = await screen.findByRole('progressbar', { name: 'Baixando “Prosperidade”' })
      await act(async () => {
        body.push(100)
        body.close()
      })
      // The audio is kept; the page's data (what the offline player opens with) is not yet.
      await waitFor(() => expect(pageData.hold?.asked).toBe(true))
      expect(screen.queryByRole('status', { name: 'Disponível offline' })).toBeNull()
      expect(Number(bar.getAttribute('aria-valuenow'))).toBe(90)
      // Its parts move the bar on…
      await act(async () => pageData.hold?.report?.(0.5))
      await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('95'))
      expect(toastMock.success).not.toHaveBeenCalled()
      // …and once they are kept, the card says so, at 100.
      await act(async () => pageData.hold?.release?.())
      const done = await screen.findByRole('status', { name: 'Disponível offline' })
      expect(done.getAttribute('data-progress')).toBe('100')
      expect(toastMock.success).toHaveBeenCalledWith('Download concluído', { description: 'Prosperidade' })
    } finally {
      pageData.hold?.release?.()
      pageData.hold = null
    }
  })

  it("offline: no request, and the toast 'Erro no download' says 'Sem conexão com a internet'", async () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    renderWithProviders(<DownloadButton audio={audio} />)
    fireEvent.click(await screen.findByRole('button', { name: /Baixar “Prosperidade”/ }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Erro no download', { description: 'Sem conexão com a internet' }))
    expect(fetch).not.toHaveBeenCalled()
    // Back to offering the download.
    expect((screen.getByRole('button', { name: /Baixar “Prosperidade”/ }) as HTMLButtonElement).disabled).toBe(false)
    vi.restoreAllMocks()
  })
})
