import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API, type AdminAudio, type Field } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { AudioDialog } from './audio-dialog'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const FIELD: Field = { id: '00000000-0000-4000-8000-000000000001', title: 'Foco', description: '', iconName: 'Brain', displayOrder: 0, coverImage: null, audioCount: 1 }
const AUDIO: AdminAudio = {
  id: '00000000-0000-4000-8000-0000000000a1',
  title: 'Coração em Paz',
  description: '',
  fieldId: FIELD.id,
  fieldTitle: FIELD.title,
  tags: [],
  isDemo: false,
  durationSeconds: 90,
  duration: '1:30',
  url: '/api/audios/00000000-0000-4000-8000-0000000000a1/file',
  coverImage: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  mimeType: 'audio/mpeg',
  sizeBytes: 1000,
  loudness: null,
  hasTranscript: true,
}
const STORED = 'Coloque a mão no peito.\n\nRespire.'

/** The dialog editing AUDIO, its transcript served as STORED; returns the PATCH bodies sent. */
function open() {
  const patches: unknown[] = []
  vi.stubGlobal(
    'fetch',
    fetchByPath({
      [API.catalogue.audioTranscript(AUDIO.id)]: () => jsonResponse({ transcript: STORED }),
      [API.catalogue.admin.audio(AUDIO.id)]: (_url, init) => {
        patches.push(JSON.parse(String(init?.body)))
        return jsonResponse({ audio: AUDIO })
      },
    }),
  )
  const onClose = vi.fn()
  renderWithProviders(<AudioDialog audio={AUDIO} fields={[FIELD]} defaultFieldId={FIELD.id} onClose={onClose} />)
  return { patches, onClose, box: () => screen.getByLabelText(/Transcrição/) as HTMLTextAreaElement }
}
afterEach(() => vi.unstubAllGlobals())

describe('AudioDialog › Transcrição', () => {
  it('shows the stored text, and an edit of something else does not send it', async () => {
    const { patches, onClose, box } = open()
    await waitFor(() => expect(box().value).toBe(STORED))
    expect(box().disabled).toBe(false)
    expect(screen.getByTestId('transcript-count').textContent).toBe(`${STORED.length} de 20.000 caracteres`)
    fireEvent.change(screen.getByLabelText(/^Título/), { target: { value: 'Coração Sereno' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(patches).toHaveLength(1)
    expect(patches[0]).toMatchObject({ title: 'Coração Sereno' })
    expect(patches[0]).not.toHaveProperty('transcript')
  })

  it('sends a changed text in its stored form, and refuses HTML in pt-BR before sending anything', async () => {
    const { patches, onClose, box } = open()
    await waitFor(() => expect(box().value).toBe(STORED))
    fireEvent.change(box(), { target: { value: '<p>Olá</p>' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByText('A transcrição é só texto: retire as marcações HTML (como <p> ou <br>)')).toBeTruthy()
    expect(patches).toHaveLength(0)
    fireEvent.change(box(), { target: { value: 'Primeiro.\r\n\r\n\r\nSegundo.  ' } })
    expect(screen.getByTestId('transcript-count').textContent).toBe('19 de 20.000 caracteres')
    fireEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
    expect(patches[0]).toMatchObject({ transcript: 'Primeiro.\n\nSegundo.' })
  })
})
