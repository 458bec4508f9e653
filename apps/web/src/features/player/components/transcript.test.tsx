import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { TranscriptButton } from './transcript'

const WITH = { id: '6f1c2d1e-8b0a-4c3e-9a55-0d6b8f1e2a3b', title: 'Coração em Paz' }
const WITHOUT = { id: '7a2d3e2f-9c1b-4d4f-8b66-1e7c9f2a3b4c', title: 'Mente Próspera' }
const REFUSED = { id: '8b3e4f30-ad2c-4e50-9c77-2f8da03b4c5d', title: 'Só assinantes' }
const TEXT = 'Coloque uma das mãos sobre o peito.\nSinta o calor.\n\n\n<b>Eu</b> me perdoo.\r\n\r\nFim.'

function serve() {
  const fetch = vi.fn(
    fetchByPath({
      [API.catalogue.audioTranscript(WITH.id)]: () => jsonResponse({ transcript: TEXT }),
      [API.catalogue.audioTranscript(WITHOUT.id)]: () => jsonResponse({ transcript: null }),
      [API.catalogue.audioTranscript(REFUSED.id)]: () => jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'Assinatura ativa necessária para ouvir este áudio' }, 403),
    }),
  )
  vi.stubGlobal('fetch', fetch)
  return fetch
}
afterEach(() => vi.unstubAllGlobals())

describe('TranscriptButton', () => {
  it('is shown only for an audio that has a transcript the listener may read', async () => {
    const fetch = serve()
    const { unmount } = renderWithProviders(<TranscriptButton audio={WITHOUT} />)
    await waitFor(() => expect(fetch).toHaveBeenCalled())
    expect(screen.queryByRole('button', { name: 'Transcrição' })).toBeNull()
    unmount()
    renderWithProviders(<TranscriptButton audio={REFUSED} />)
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
    expect(screen.queryByRole('button', { name: 'Transcrição' })).toBeNull()
  })

  it('opens the text in paragraphs, as text (never HTML), keeping line breaks, and "Fechar" closes it', async () => {
    serve()
    renderWithProviders(<TranscriptButton audio={WITH} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Transcrição' }))
    const sheet = screen.getByRole('dialog', { name: 'Coração em Paz' })
    const text = screen.getByRole('document', { name: 'Transcrição: Coração em Paz' })
    expect(sheet.contains(text)).toBe(true)
    const paragraphs = [...text.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs).toEqual(['Coloque uma das mãos sobre o peito.\nSinta o calor.', '<b>Eu</b> me perdoo.', 'Fim.'])
    expect(text.querySelector('b')).toBeNull()
    // The text has the focus, so the keyboard scrolls it at once.
    expect(document.activeElement).toBe(text)
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByRole('button', { name: 'Transcrição' })).toBeTruthy()
  })
})
