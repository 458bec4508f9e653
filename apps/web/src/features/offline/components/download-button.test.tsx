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
// What follows a completed download (music, persistence) is covered by offline-data.test.ts.
vi.mock('../lib/offline-data', () => ({ prepareOfflineListening: vi.fn(async () => {}) }))

const audio = { id: 'aud-1', title: 'Prosperidade', fieldId: 'campo-1', url: '/api/audios/aud-1/file', duration: '1:00' }

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  downloadStore.clear()
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
    await act(async () => body.push(40))
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'))
    expect(bar.textContent).toContain('40%')
    await act(async () => {
      body.push(60)
      body.close()
    })

    const done = await screen.findByRole('status', { name: 'Disponível offline' })
    expect(done.getAttribute('data-progress')).toBe('100')
    expect(toastMock.success).toHaveBeenCalledWith('Download concluído', { description: 'Prosperidade' })
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
