import 'fake-indexeddb/auto'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type * as Sonner from 'sonner'
import { renderWithProviders } from '../../../test/render'
import { clearCachedAudios, listCachedAudios, putCachedAudio } from '../lib/audio-cache-db'
import { makeRecord, useNodeBlob } from '../testing/helpers'
import { DownloadsPage } from './downloads-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', async (importOriginal) => ({ ...(await importOriginal<typeof Sonner>()), toast: toastMock }))

const MB = 1024 * 1024

function renderPage() {
  return renderWithProviders(
    <DownloadsPage productName="Sintonia" audioHref={(a) => `/campo/${a.fieldId}/audio/${a.id}`} browseHref="/dashboard" />,
  )
}

beforeAll(useNodeBlob)
beforeEach(async () => {
  await clearCachedAudios()
  toastMock.success.mockClear()
  toastMock.error.mockClear()
})

describe('DownloadsPage', () => {
  it('shows the cache statistics and every copy, newest first, each playable', async () => {
    await putCachedAudio({ ...makeRecord('a', 5 * MB, 1_000), title: 'Prosperidade', downloadedAt: 1_000 })
    await putCachedAudio({ ...makeRecord('b', 20 * MB, 2_000), title: 'Autoconfiança', downloadedAt: 2_000 })
    renderPage()

    await screen.findByRole('heading', { level: 1, name: 'Downloads' })
    await waitFor(() => expect(screen.getByTestId('stat-audio-count').textContent).toBe('2'))
    expect(screen.getByTestId('stat-total-size').textContent).toBe('25 MB')
    expect(screen.getByTestId('stat-used-percentage').textContent).toBe('5%')
    expect(screen.getByRole('meter', { name: 'Uso do limite de downloads' }).getAttribute('aria-valuenow')).toBe('5')

    const items = await screen.findAllByTestId('downloaded-audio')
    expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Autoconfiança', 'Prosperidade'])
    expect(within(items[0]!).getByRole('link', { name: 'Ouvir Autoconfiança' }).getAttribute('href')).toBe('/campo/campo-1/audio/b')
    within(items[0]!).getByText('20 MB')
  })

  it("removes one copy with 'Áudio removido'", async () => {
    await putCachedAudio({ ...makeRecord('a', 10, 1), title: 'Prosperidade' })
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: 'Remover “Prosperidade” deste dispositivo' }))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Áudio removido', expect.anything()))
    expect(await listCachedAudios()).toEqual([])
    await screen.findByText('Nenhum áudio baixado')
  })

  it("clears everything after a confirmation, with 'Cache limpo'", async () => {
    await putCachedAudio(makeRecord('a', 10, 1))
    await putCachedAudio(makeRecord('b', 10, 2))
    renderPage()
    fireEvent.click(await screen.findByRole('button', { name: /Limpar tudo/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Remover todos os downloads?' })
    expect(await listCachedAudios()).toHaveLength(2)
    fireEvent.click(within(dialog).getByRole('button', { name: /Limpar tudo/ }))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Cache limpo', expect.anything()))
    expect(await listCachedAudios()).toEqual([])
    await waitFor(() => expect(screen.getByTestId('stat-audio-count').textContent).toBe('0'))
  })

  it('with nothing downloaded, points to the catalogue', async () => {
    renderPage()
    await screen.findByText('Nenhum áudio baixado')
    expect(screen.getByRole('link', { name: 'Explorar os campos' }).getAttribute('href')).toBe('/dashboard')
    expect(screen.queryByRole('button', { name: /Limpar tudo/ })).toBeNull()
  })
})
