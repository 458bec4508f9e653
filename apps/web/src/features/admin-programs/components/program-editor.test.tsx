import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { API, PRACTICE_MSG, type AdminAudio, type AdminProgram, type AdminProgramInput, type Field } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { ProgramEditorPage } from './program-editor'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const PROGRAM_ID = '00000000-0000-4000-8000-000000000001'
const CALMA = '00000000-0000-4000-8000-0000000000f1'
const FOCO = '00000000-0000-4000-8000-0000000000f2'
const RESPIRAR = '00000000-0000-4000-8000-0000000000a1'
const GRATIDAO = '00000000-0000-4000-8000-0000000000a2'

const field = (id: string, title: string, displayOrder: number): Field => ({ id, title, description: '', iconName: 'Brain', displayOrder, coverImage: null, audioCount: 1 })
const FIELDS = [field(FOCO, 'Foco', 1), field(CALMA, 'Calma', 0)]
const audio = (id: string, title: string, fieldId: string, fieldTitle: string, durationSeconds: number): AdminAudio => ({
  id,
  title,
  description: '',
  fieldId,
  fieldTitle,
  tags: [],
  isDemo: false,
  durationSeconds,
  duration: `${Math.floor(durationSeconds / 60)}:${String(durationSeconds % 60).padStart(2, '0')}`,
  url: `/media/${id}.mp3`,
  coverImage: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  mimeType: 'audio/mpeg',
  sizeBytes: 1000,
  loudness: null,
  hasTranscript: false,
})
const CATALOGUE = [audio(GRATIDAO, 'Gratidão', FOCO, 'Foco', 90), audio(RESPIRAR, 'Respirar', CALMA, 'Calma', 200)]

function program(overrides: Partial<AdminProgram> = {}): AdminProgram {
  return {
    id: PROGRAM_ID,
    slug: 'sete-dias',
    title: 'Sete dias de calma',
    description: '',
    isOpen: false,
    published: false,
    position: 0,
    coverImage: null,
    enrolled: 0,
    updatedAt: '2025-01-01T00:00:00.000Z',
    days: [
      { day: 1, intention: 'Respire', minutes: 10, items: [{ audioId: RESPIRAR, audioTitle: 'Respirar', fieldTitle: 'Calma', durationSeconds: 200, repetitions: 3 }] },
      { day: 2, intention: '', minutes: 0, items: [] },
    ],
    ...overrides,
  }
}

/** The programme the server would answer after a save of `input`. */
function answerOf(input: AdminProgramInput, overrides: Partial<AdminProgram> = {}): AdminProgram {
  const info = new Map(CATALOGUE.map((a) => [a.id, a]))
  return program({
    title: input.title,
    description: input.description,
    isOpen: input.isOpen,
    updatedAt: '2025-01-02T00:00:00.000Z',
    days: input.days.map((d, i) => ({
      day: i + 1,
      intention: d.intention,
      minutes: 0,
      items: d.items.map((it) => ({ audioId: it.audioId, audioTitle: info.get(it.audioId)!.title, fieldTitle: info.get(it.audioId)!.fieldTitle, durationSeconds: info.get(it.audioId)!.durationSeconds, repetitions: it.repetitions })),
    })),
    ...overrides,
  })
}

function serve(handlers: { save?: (input: AdminProgramInput) => Response; publish?: () => Response; start?: AdminProgram } = {}) {
  const sent: AdminProgramInput[] = []
  vi.stubGlobal(
    'fetch',
    fetchByPath({
      [API.practice.admin.program(PROGRAM_ID)]: (_url, init) => {
        if (init?.method === 'PUT') {
          const input = JSON.parse(String(init.body)) as AdminProgramInput
          sent.push(input)
          return handlers.save ? handlers.save(input) : jsonResponse(answerOf(input))
        }
        return jsonResponse(handlers.start ?? program())
      },
      [API.practice.admin.publish(PROGRAM_ID)]: () => (handlers.publish ? handlers.publish() : jsonResponse(program({ published: true }))),
      [API.catalogue.admin.audios]: () => jsonResponse({ audios: CATALOGUE }),
      [API.catalogue.admin.fields]: () => jsonResponse({ fields: FIELDS }),
    }),
  )
  return sent
}

const dayCard = (n: number) => screen.getAllByTestId('program-day')[n - 1]!
const minutesOf = (n: number) => within(dayCard(n)).getByTestId('day-minutes').textContent

async function openEditor() {
  renderWithProviders(<ProgramEditorPage programId={PROGRAM_ID} />)
  await screen.findByLabelText('Intenção do dia 1')
  // The catalogue arrived: its audios are offered, grouped by field in the fields' order.
  await waitFor(() => expect(screen.getByLabelText('Áudio 1 do dia 1').querySelectorAll('option').length).toBe(3))
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

// The editor renders every day on each change; a busy 2-core machine needs more than the 5 s default.
const SLOW = { timeout: 20_000 }

describe('ProgramEditor minutes', SLOW, () => {
  it("shows each day's minutes and the programme's average live as audios and repetitions change", async () => {
    serve()
    await openEditor()
    expect(minutesOf(1)).toBe('10 min')
    expect(minutesOf(2)).toBe('0 min')
    expect(screen.getByTestId('program-average').textContent).toBe('média de 5 min por dia')

    fireEvent.change(screen.getByLabelText('Repetições do áudio 1 do dia 1'), { target: { value: '6' } })
    expect(minutesOf(1)).toBe('20 min')

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar áudio ao dia 2' }))
    fireEvent.change(screen.getByLabelText('Áudio 1 do dia 2'), { target: { value: GRATIDAO } })
    fireEvent.change(screen.getByLabelText('Repetições do áudio 1 do dia 2'), { target: { value: '4' } })
    expect(minutesOf(2)).toBe('6 min')
    expect(screen.getByTestId('program-average').textContent).toBe('média de 13 min por dia')
    expect(screen.getByText('Há alterações não salvas.')).toBeTruthy()
  })

  it('groups the picker by field, in the order listeners see the fields', async () => {
    serve()
    await openEditor()
    const groups = Array.from(screen.getByLabelText('Áudio 1 do dia 1').querySelectorAll('optgroup')).map((g) => g.label)
    expect(groups).toEqual(['Calma', 'Foco'])
  })
})

describe('ProgramEditor validation', SLOW, () => {
  it('refuses to save with the pt-BR messages next to each field, and sends nothing', async () => {
    const sent = serve()
    await openEditor()
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar áudio ao dia 2' }))
    fireEvent.change(screen.getByLabelText('Repetições do áudio 1 do dia 1'), { target: { value: '31' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))

    expect(await screen.findByText(PRACTICE_MSG.admin.titleRequired)).toBeTruthy()
    expect(screen.getByLabelText('Título').getAttribute('aria-invalid')).toBe('true')
    expect(within(dayCard(1)).getByText(PRACTICE_MSG.admin.repetitionsRange)).toBeTruthy()
    expect(within(dayCard(2)).getByText(PRACTICE_MSG.admin.audioRequired, { selector: 'p' })).toBeTruthy()
    expect(screen.getByLabelText('Áudio 1 do dia 2').getAttribute('aria-describedby')).toMatch(/-error$/)
    expect(sent).toHaveLength(0)

    // Fixing a field clears its message at once; the others stay until fixed.
    fireEvent.change(screen.getByLabelText('Título'), { target: { value: 'Calma' } })
    expect(screen.queryByText(PRACTICE_MSG.admin.titleRequired)).toBeNull()
    expect(within(dayCard(1)).getByText(PRACTICE_MSG.admin.repetitionsRange)).toBeTruthy()
  })

  it("publishing an incomplete programme shows the server's message and marks the day", async () => {
    const message = PRACTICE_MSG.admin.incompleteToPublish([2])
    serve({ publish: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400) })
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe(message)
    expect(within(dayCard(2)).getByTestId('day-incomplete').textContent).toBe(message)
    expect(within(dayCard(1)).queryByTestId('day-incomplete')).toBeNull()
    expect(toast.error).toHaveBeenCalledWith('Não foi possível publicar', { description: message })
    expect(screen.getByRole('button', { name: 'Publicar' })).toBeTruthy()

    // Filling the day takes its mark away before trying again.
    fireEvent.change(screen.getByLabelText('Intenção do dia 2'), { target: { value: 'Agradeça' } })
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar áudio ao dia 2' }))
    fireEvent.change(screen.getByLabelText('Áudio 1 do dia 2'), { target: { value: GRATIDAO } })
    expect(within(dayCard(2)).queryByTestId('day-incomplete')).toBeNull()
  })

  it('publishing saves what was typed first, then publishes', async () => {
    const sent = serve({ publish: () => jsonResponse(program({ published: true, updatedAt: '2025-01-03T00:00:00.000Z' })) })
    await openEditor()
    fireEvent.change(screen.getByLabelText('Intenção do dia 2'), { target: { value: 'Agradeça' } })
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar áudio ao dia 2' }))
    fireEvent.change(screen.getByLabelText('Áudio 1 do dia 2'), { target: { value: GRATIDAO } })
    fireEvent.click(screen.getByRole('button', { name: 'Publicar' }))
    await screen.findByRole('button', { name: 'Despublicar' })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.days[1]).toEqual({ intention: 'Agradeça', items: [{ audioId: GRATIDAO, repetitions: 1 }] })
    expect(toast.success).toHaveBeenCalledWith('Programa publicado', expect.anything())
  })
})

describe('ProgramEditor days', SLOW, () => {
  it('moves a day down and saves the days in the new order', async () => {
    const sent = serve()
    await openEditor()
    fireEvent.change(screen.getByLabelText('Intenção do dia 2'), { target: { value: 'Agradeça' } })
    fireEvent.click(screen.getByRole('button', { name: 'Mover dia 1 para baixo' }))
    expect((screen.getByLabelText('Intenção do dia 1') as HTMLTextAreaElement).value).toBe('Agradeça')
    expect((screen.getByLabelText('Intenção do dia 2') as HTMLTextAreaElement).value).toBe('Respire')
    expect(minutesOf(2)).toBe('10 min')
    expect((screen.getByRole('button', { name: 'Mover dia 1 para cima' }) as HTMLButtonElement).disabled).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Programa salvo'))
    expect(sent[0]!.days.map((d) => d.intention)).toEqual(['Agradeça', 'Respire'])
    expect(sent[0]!.days[1]!.items).toEqual([{ audioId: RESPIRAR, repetitions: 3 }])
    expect(screen.getByText('Tudo salvo.')).toBeTruthy()
  })

  it('adds and removes days and audios; the last day cannot be removed', async () => {
    const sent = serve()
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar dia' }))
    expect(screen.getAllByTestId('program-day')).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: 'Retirar áudio 1 do dia 1' }))
    expect(minutesOf(1)).toBe('0 min')
    fireEvent.click(screen.getByRole('button', { name: 'Remover dia 1' }))
    fireEvent.click(screen.getByRole('button', { name: 'Remover dia 1' }))
    expect(screen.getAllByTestId('program-day')).toHaveLength(1)
    expect((screen.getByRole('button', { name: 'Remover dia 1' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.days).toEqual([{ intention: '', items: [] }])
  })

  it("keeps what was typed when the save fails, with the server's message", async () => {
    serve({ save: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message: PRACTICE_MSG.admin.audioMissing }, 400) })
    await openEditor()
    fireEvent.change(screen.getByLabelText('Descrição'), { target: { value: 'Uma semana para desacelerar' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    expect((await screen.findByRole('alert')).textContent).toBe(PRACTICE_MSG.admin.audioMissing)
    expect((screen.getByLabelText('Descrição') as HTMLTextAreaElement).value).toBe('Uma semana para desacelerar')
    expect(screen.getByText('Há alterações não salvas.')).toBeTruthy()
  })

  it('the free-programme switch is sent with the programme', async () => {
    const sent = serve()
    await openEditor()
    const toggle = screen.getByRole('switch', { name: 'Programa livre (todos os dias abertos)' })
    expect(toggle.getAttribute('aria-checked')).toBe('false')
    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]!.isOpen).toBe(true)
  })
})
