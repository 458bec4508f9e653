import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { toast } from 'sonner'
import { API, PRACTICE_MSG, type AdminProgram, type AdminProgramInput, type AdminProgramList, type ProgramInsights } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes, renderWithProviders } from '../../../test/render'
import { parseDaysCount } from './new-program-dialog'
import { ProgramsPage } from './programs-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

type Row = AdminProgramList['programs'][number]
const row = (n: number, title: string, overrides: Partial<Row> = {}): Row => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  slug: title.toLowerCase().replace(/\s+/g, '-'),
  title,
  isOpen: false,
  published: true,
  position: n,
  coverImage: null,
  daysCount: 21,
  minutesPerDay: 18,
  complete: true,
  enrolled: 0,
  ...overrides,
})
const ROWS = [row(1, 'Calma em 21 dias', { enrolled: 12 }), row(2, 'Foco', { published: false, complete: false, daysCount: 7 }), row(3, 'Sono')]
const titles = () => screen.getAllByTestId('program-row').map((r) => within(r).getByRole('link', { name: /^(Calma|Foco|Sono)/ }).textContent)

afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

// Under load (other engineers' runs on 2 cores) a page test can take more than the 5 s default.
const SLOW = { timeout: 20_000 }

describe('the list', SLOW, () => {
  it('shows days, minutes a day, enrolled and the status of each programme', async () => {
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.programs]: () => jsonResponse({ programs: ROWS }) }))
    renderWithProviders(<ProgramsPage />)
    await waitFor(() => expect(titles()).toEqual(['Calma em 21 dias', 'Foco', 'Sono']))
    const [calma, foco] = screen.getAllByTestId('program-row')
    expect(calma!.textContent).toContain('21 dias · ~18 min/dia · 12 inscritos')
    expect(within(calma!).getByText('Publicado', { selector: 'span.rounded-full' })).toBeTruthy()
    expect(within(foco!).getByText('Rascunho')).toBeTruthy()
    expect(within(foco!).getByText('Incompleto')).toBeTruthy()
    expect(within(foco!).getByRole('switch', { name: 'Visível aos ouvintes: Foco' }).getAttribute('aria-checked')).toBe('false')
  })

  it('moves a programme down: the new order is sent at once and kept', async () => {
    let stored = ROWS
    const order = vi.fn((_url: string, init?: RequestInit) => {
      const { ids } = JSON.parse(String(init?.body)) as { ids: string[] }
      stored = ids.map((id) => ROWS.find((r) => r.id === id)!)
      return jsonResponse({ programs: stored })
    })
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.programs]: () => jsonResponse({ programs: stored }), [API.practice.admin.order]: order }))
    renderWithProviders(<ProgramsPage />)
    await waitFor(() => expect(titles()).toHaveLength(3))
    expect((screen.getByRole('button', { name: 'Mover Calma em 21 dias para cima' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Mover Calma em 21 dias para baixo' }))
    await waitFor(() => expect(titles()).toEqual(['Foco', 'Calma em 21 dias', 'Sono']))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Ordem dos programas salva'))
    expect(order.mock.calls[0]![1]?.method).toBe('PUT')
    expect(JSON.parse(String(order.mock.calls[0]![1]?.body))).toEqual({ ids: [ROWS[1]!.id, ROWS[0]!.id, ROWS[2]!.id] })
  })

  it('puts the old order back when the server refuses the new one', async () => {
    const order = vi.fn(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: PRACTICE_MSG.admin.orderMismatch }, 400))
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.programs]: () => jsonResponse({ programs: ROWS }), [API.practice.admin.order]: order }))
    renderWithProviders(<ProgramsPage />)
    await waitFor(() => expect(titles()).toHaveLength(3))
    fireEvent.click(screen.getByRole('button', { name: 'Mover Sono para cima' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível salvar a nova ordem', { description: PRACTICE_MSG.admin.orderMismatch }))
    await waitFor(() => expect(titles()).toEqual(['Calma em 21 dias', 'Foco', 'Sono']))
  })

  it("the publish switch says the server's reason when a programme cannot be published", async () => {
    const message = PRACTICE_MSG.admin.incompleteToPublish([3, 4])
    vi.stubGlobal(
      'fetch',
      fetchByPath({
        [API.practice.admin.programs]: () => jsonResponse({ programs: ROWS }),
        [API.practice.admin.publish(ROWS[1]!.id)]: () => jsonResponse({ statusCode: 400, error: 'Bad Request', message }, 400),
      }),
    )
    renderWithProviders(<ProgramsPage />)
    fireEvent.click(await screen.findByRole('switch', { name: 'Visível aos ouvintes: Foco' }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Não foi possível publicar', { description: message }))
  })

  it('asks before deleting, naming the listeners who follow the programme', async () => {
    const remove = vi.fn(() => new Response(null, { status: 204 }))
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.programs]: () => jsonResponse({ programs: ROWS }), [API.practice.admin.program(ROWS[0]!.id)]: remove }))
    renderWithProviders(<ProgramsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Excluir Calma em 21 dias' }))
    expect(await screen.findByText(/tem 12 inscritos: eles deixarão de vê-lo/)).toBeTruthy()
    expect(remove).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Excluir programa' }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Programa excluído'))
    expect(remove).toHaveBeenCalledTimes(1)
  })
})

describe('Novo programa', SLOW, () => {
  it('reads the number of days as a whole number from 1 to 60', () => {
    expect(parseDaysCount('21')).toBe(21)
    expect(parseDaysCount(' 60 ')).toBe(60)
    expect(parseDaysCount('0')).toBeNull()
    expect(parseDaysCount('61')).toBeNull()
    expect(parseDaysCount('2.5')).toBeNull()
    expect(parseDaysCount('')).toBeNull()
  })

  it('refuses a blank title and an impossible number of days in pt-BR, sending nothing', async () => {
    const create = vi.fn()
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.programs]: (_url, init) => (init?.method === 'POST' ? create() : jsonResponse({ programs: [] })) }))
    renderWithProviders(<ProgramsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Novo programa' }))
    fireEvent.change(screen.getByLabelText(/Número de dias/), { target: { value: '90' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar programa' }))
    expect(await screen.findByText(PRACTICE_MSG.admin.titleRequired)).toBeTruthy()
    expect(screen.getByText(PRACTICE_MSG.admin.daysRange)).toBeTruthy()
    expect(create).not.toHaveBeenCalled()
  })

  it('creates a draft of 21 empty days and opens it in the editor', async () => {
    const created: AdminProgramInput[] = []
    vi.stubGlobal(
      'fetch',
      fetchByPath({
        [API.practice.admin.programs]: (_url, init) => {
          if (init?.method !== 'POST') return jsonResponse({ programs: [] })
          const input = JSON.parse(String(init.body)) as AdminProgramInput
          created.push(input)
          const program: AdminProgram = {
            id: '00000000-0000-4000-8000-0000000000aa',
            slug: 'gratidao',
            ...input,
            published: false,
            position: 0,
            coverImage: null,
            enrolled: 0,
            updatedAt: '2025-01-01T00:00:00.000Z',
            days: input.days.map((d, i) => ({ day: i + 1, intention: '', minutes: 0, items: [] })),
          }
          return jsonResponse(program, 201)
        },
      }),
    )
    const { router } = renderRoutes(
      [
        { path: '/admin/programas', element: <ProgramsPage /> },
        { path: '/admin/programas/:programId', element: <p>Editor aberto</p> },
      ],
      '/admin/programas',
    )
    fireEvent.click(await screen.findByRole('button', { name: 'Criar o primeiro programa' }))
    expect((screen.getByLabelText(/Número de dias/) as HTMLInputElement).value).toBe('21')
    fireEvent.change(screen.getByLabelText(/Título/), { target: { value: 'Gratidão' } })
    fireEvent.click(screen.getByRole('button', { name: 'Criar programa' }))
    await screen.findByText('Editor aberto')
    expect(router.state.location.pathname).toBe('/admin/programas/00000000-0000-4000-8000-0000000000aa')
    expect(created).toHaveLength(1)
    expect(created[0]!.title).toBe('Gratidão')
    expect(created[0]!.days).toHaveLength(21)
    expect(created[0]!.days.every((d) => d.intention === '' && d.items.length === 0)).toBe(true)
  })
})

describe('Resultados', SLOW, () => {
  it('asks for the last 30 days and shows each programme, with "—" for days the programme does not have', async () => {
    const insights = vi.fn((url: string) => {
      const query = new URL(url, 'http://localhost').searchParams
      const body: ProgramInsights = {
        from: query.get('from')!,
        to: query.get('to')!,
        programs: [
          {
            id: ROWS[1]!.id,
            title: 'Foco',
            daysCount: 7,
            enrolled: 8,
            activeLast7Days: 5,
            reachedDay7: 3,
            reachedDay14: 0,
            reachedDay21: 0,
            completed: 3,
            completionRate: 0.375,
            medianDaysToFinish: 8.5,
            remindersSent: 40,
            remindersOpened: 22,
          },
        ],
      }
      return jsonResponse(body)
    })
    vi.stubGlobal('fetch', fetchByPath({ [API.practice.admin.insights]: insights }))
    renderWithProviders(<ProgramsPage />, '/admin/programas?aba=resultados')
    const table = await screen.findByRole('table', { name: 'Resultados por programa' })
    const cells = within(within(table).getByTestId('insights-row'))
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells).toEqual(['Foco', '8', '5', '3', '—', '—', '3 (38%)', '8,5 dias', '22 de 40'])
    // The phone's cards carry the same numbers, labelled.
    expect(within(screen.getByTestId('insights-card')).getByText('Concluíram').nextSibling?.textContent).toBe('3 (38%)')
    expect(within(screen.getByTestId('insights-card')).getByText('Chegaram ao dia 7 · 14 · 21').nextSibling?.textContent).toBe('3 · — · —')
    const query = new URL(insights.mock.calls[0]![0], 'http://localhost').searchParams
    const from = new Date(`${query.get('from')}T12:00:00`)
    const to = new Date(`${query.get('to')}T12:00:00`)
    expect(Math.round((to.getTime() - from.getTime()) / 86_400_000)).toBe(29)
  })
})
