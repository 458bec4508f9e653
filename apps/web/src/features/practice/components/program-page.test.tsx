import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { detail, program } from '../testing/fixtures'
import { ProgramPage } from './program-page'
import { ProgramsPage } from './programs-page'

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn() }))
vi.mock('sonner', () => ({ toast: toastMock }))

const SLUG = 'calma-em-21-dias'
const ID = program().id
let calls: { method: string; path: string; body?: unknown }[] = []

function stub(answer: unknown, writes: Record<string, () => Response> = {}) {
  calls = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '')
      const method = init?.method ?? 'GET'
      calls.push(method === 'GET' ? { method, path } : { method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined })
      const write = writes[`${method} ${path}`]
      if (write) return write()
      return fetchByPath({ [API.practice.program(SLUG)]: () => jsonResponse(answer), [API.practice.programs]: () => jsonResponse(answer) })(input, init)
    }),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.clearAllMocks()
})

describe('ProgramPage', () => {
  it('shows the path: done days with their date, today, the days after it closed', async () => {
    const d = detail(3, 'today')
    stub(d)
    renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />)
    await screen.findByRole('heading', { level: 1, name: 'Calma em 21 dias' })
    const days = screen.getAllByTestId('program-day')
    expect(days).toHaveLength(21)
    expect(days.slice(0, 4).map((el) => el.getAttribute('data-state'))).toEqual(['done', 'done', 'today', 'locked'])
    expect(within(days[0]!).getByTestId('day-status').textContent).toBe('Concluído em 1 de mar.')
    expect(within(days[2]!).getByTestId('day-status').textContent).toBe('Hoje')
    expect(within(days[3]!).getByTestId('day-status').textContent).toBe('Abre depois do dia 3')
    screen.getByRole('button', { name: /Praticar o dia de hoje/ })
    expect(screen.getByTestId('program-status').textContent).toBe('Dia 3 de 21')
  })

  it("today's day done: the note says when the next opens, and that day reads 'Abre amanhã'", async () => {
    const d = detail(4, 'locked', { nextUnlockAt: '2026-03-06T03:00:00.000Z' })
    stub(d)
    renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />)
    expect((await screen.findByTestId('day-done-note')).textContent).toBe('Dia 3 concluído. O dia 4 abre amanhã.')
    expect(within(screen.getAllByTestId('program-day')[3]!).getByTestId('day-status').textContent).toBe('Abre amanhã')
    // The badge at the top agrees: not 'Dia 4 de 21', which could not be practised today.
    expect(screen.getByTestId('program-status').textContent).toBe('Dia 4 abre amanhã')
    expect(screen.queryByRole('button', { name: /Praticar o dia de hoje/ })).toBeNull()
  })

  it("'Sair do programa' asks first; cancelling sends nothing, confirming leaves", async () => {
    stub(detail(3, 'today'), { [`DELETE ${API.practice.enrolment(ID)}`]: () => new Response(null, { status: 204 }) })
    renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />)
    fireEvent.click(await screen.findByRole('button', { name: /Sair do programa/ }))
    let dialog = await screen.findByRole('dialog', { name: 'Sair do programa?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    fireEvent.click(screen.getByRole('button', { name: /Sair do programa/ }))
    dialog = await screen.findByRole('dialog', { name: 'Sair do programa?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sair do programa' }))
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: API.practice.enrolment(ID) }))
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('Você saiu do programa.'))
  })

  it("'Recomeçar programa' asks first too, and a refusal stays in the dialog with the server's words", async () => {
    stub(detail(3, 'today'), {
      [`POST ${API.practice.restart(ID)}`]: () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Você não está neste programa' }, 404),
    })
    renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />)
    fireEvent.click(await screen.findByRole('button', { name: /Recomeçar programa/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Recomeçar o programa?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recomeçar' }))
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith('Não foi possível recomeçar o programa', { description: 'Você não está neste programa' }))
    expect(screen.getByRole('dialog', { name: 'Recomeçar o programa?' })).toBeTruthy()
  })

  it('not enrolled: the days are listed without states, and one button starts the programme', async () => {
    const d = detail(1, 'locked', { program: program({ enrolment: null }) })
    stub(d, { [`POST ${API.practice.enrolment(ID)}`]: () => jsonResponse({ program: program({ enrolment: { status: 'active', featured: true, currentDay: 1, completedDays: 0, currentDayOpen: true, enrolledAt: '2026-03-05T10:00:00.000Z' } }) }, 201) })
    const { router } = renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />, `/programas/${SLUG}`)
    fireEvent.click(await screen.findByRole('button', { name: /Começar programa/ }))
    expect(screen.queryAllByTestId('day-status')).toHaveLength(0)
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: API.practice.enrolment(ID), body: { featured: true } }))
    // Started, it is today's practice: /hoje opens and plays (the tap was the listener's).
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoje'))
    expect(router.state.location.state).toEqual({ autoStart: true })
  })

  it('an unknown programme says so and leads back to the list', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.practice.program(SLUG)]: () => jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Programa não encontrado' }, 404) })))
    renderWithProviders(<ProgramPage slug={SLUG} productName="Sintonia" />)
    await screen.findByRole('heading', { level: 1, name: 'Programa não encontrado' })
    expect(screen.getByRole('link', { name: 'Ver os programas' }).getAttribute('href')).toBe('/programas')
  })
})

describe('ProgramsPage', () => {
  it("lists the programmes with their length and where the listener is; the others offer 'Começar programa'", async () => {
    stub({
      programs: [
        program(),
        program({ id: '20000000-0000-4000-8000-000000000002', slug: 'gratidao', title: 'Gratidão', enrolment: null, daysCount: 7, minutesPerDay: 0 }),
      ],
    })
    renderWithProviders(<ProgramsPage productName="Sintonia" />)
    const cards = await screen.findAllByTestId('program-card')
    expect(within(cards[0]!).getByTestId('program-status').textContent).toBe('Dia 5 de 21')
    within(cards[0]!).getByText('Em destaque')
    expect(within(cards[0]!).getByTestId('program-length').textContent).toBe('21 dias · ~20 min por dia')
    expect(within(cards[1]!).getByTestId('program-length').textContent).toBe('7 dias · menos de 1 min por dia')
    within(cards[1]!).getByRole('button', { name: /Começar programa/ })
    expect(within(cards[0]!).queryByRole('button', { name: /Começar programa/ })).toBeNull()
  })

  it("'Começar programa' starts it as the featured programme and opens its practice", async () => {
    const other = program({ id: '20000000-0000-4000-8000-000000000002', slug: 'gratidao', title: 'Gratidão', enrolment: null, daysCount: 7 })
    stub({ programs: [program(), other] }, { [`POST ${API.practice.enrolment(other.id)}`]: () => jsonResponse({ program: other }, 201) })
    const { router } = renderWithProviders(<ProgramsPage productName="Sintonia" />, '/programas')
    const cards = await screen.findAllByTestId('program-card')
    fireEvent.click(within(cards[1]!).getByRole('button', { name: /Começar programa/ }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/hoje'))
    expect(router.state.location.state).toEqual({ autoStart: true })
    expect(calls).toContainEqual({ method: 'POST', path: API.practice.enrolment(other.id), body: { featured: true } })
  })

  it('no programme yet: a calm empty state', async () => {
    stub({ programs: [] })
    renderWithProviders(<ProgramsPage productName="Sintonia" />)
    await screen.findByText('Os programas estão sendo preparados.')
  })
})
