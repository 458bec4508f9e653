import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { API, type Progress } from '@sintonia/contract'
import { jsonResponse, renderWithProviders } from '../../../test/render'
import { preferences, program, STREAK } from '../testing/fixtures'
import { ProgressPage } from './progress-page'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const progress: Progress = {
  date: '2026-03-05',
  programs: [
    {
      program: program(),
      days: Array.from({ length: 21 }, (_, i) => ({
        day: i + 1,
        state: i < 4 ? ('done' as const) : i === 4 ? ('today' as const) : ('locked' as const),
        completedOn: i < 4 ? `2026-03-0${i + 1}` : null,
      })),
    },
  ],
  totalMinutes: 128,
  streak: STREAK,
  practisedDates: ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'],
}

let puts: unknown[] = []

function stub(answer: Progress = progress) {
  puts = []
  let prefs = preferences()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '')
      if (path === API.practice.progress) return jsonResponse(answer)
      if (path === API.practice.preferences && init?.method === 'PUT') {
        const body = JSON.parse(String(init.body)) as object
        puts.push(body)
        prefs = { ...prefs, ...body, timeZoneChosen: true }
        return jsonResponse(prefs)
      }
      if (path === API.practice.preferences) return jsonResponse(prefs)
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'x' }, 404)
    }),
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('ProgressPage', () => {
  it('shows the minutes, both streaks with the forgiving rule, the 5-week calendar and each path', async () => {
    stub()
    renderWithProviders(<ProgressPage productName="Sintonia" />)
    expect((await screen.findByTestId('total-minutes')).textContent).toBe('2 h 8 min')
    expect(screen.getByTestId('current-streak').textContent).toBe('7 dias seguidos')
    expect(screen.getByTestId('best-streak').textContent).toBe('9 dias seguidos')
    screen.getByText('Um dia perdido por semana não quebra sua sequência.')
    const days = screen.getAllByTestId('calendar-day')
    expect(days).toHaveLength(35)
    expect(days.filter((d) => d.hasAttribute('data-practised')).map((d) => d.getAttribute('data-date'))).toEqual(progress.practisedDates)
    expect(screen.getByTestId('practised-count').textContent).toBe('4 dias praticados')
    const path = screen.getAllByTestId('progress-day')
    expect(path.slice(3, 6).map((d) => d.getAttribute('data-state'))).toEqual(['done', 'today', 'locked'])
    within(screen.getByTestId('progress-program')).getByText('4 de 21 dias concluídos')
  })

  it('hides the streak when asked; the toggle and the time zone are saved at once', async () => {
    stub({ ...progress, streak: { ...STREAK, hidden: true } })
    renderWithProviders(<ProgressPage productName="Sintonia" />)
    await screen.findByTestId('total-minutes')
    expect(screen.queryByTestId('current-streak')).toBeNull()

    const toggle = await screen.findByRole('switch', { name: 'Mostrar sequência de dias' })
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(toggle)
    await waitFor(() => expect(puts).toEqual([{ hideStreak: true }]))
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Mostrar sequência de dias' }).getAttribute('aria-checked')).toBe('false'))

    const zone = screen.getByLabelText('Fuso horário') as HTMLSelectElement
    expect(zone.value).toBe('America/Sao_Paulo')
    await waitFor(() => expect(zone.disabled).toBe(false))
    fireEvent.change(zone, { target: { value: 'America/Manaus' } })
    await waitFor(() => expect(puts).toEqual([{ hideStreak: true }, { timeZone: 'America/Manaus' }]))
  })

  it("each programme's badge says where the listener is: 'Dia 5 de 21' on an open day, 'Dia 2 abre amanhã' once today's day is done", async () => {
    const waiting = program({
      id: '20000000-0000-4000-8000-000000000002',
      slug: 'sono-tranquilo',
      title: 'Sono tranquilo',
      enrolment: { status: 'active', featured: false, currentDay: 2, completedDays: 1, currentDayOpen: false, enrolledAt: '2026-03-05T10:00:00.000Z' },
    })
    const days = Array.from({ length: 21 }, (_, i) => ({ day: i + 1, state: i === 0 ? ('done' as const) : ('locked' as const), completedOn: i === 0 ? '2026-03-05' : null }))
    stub({ ...progress, programs: [...progress.programs, { program: waiting, days }] })
    renderWithProviders(<ProgressPage productName="Sintonia" />)
    await screen.findByTestId('total-minutes')
    const [open, done] = screen.getAllByTestId('progress-program')
    expect(within(open!).getByTestId('program-status').textContent).toBe('Dia 5 de 21')
    expect(within(done!).getByTestId('program-status').textContent).toBe('Dia 2 abre amanhã')
    within(done!).getByText('1 de 21 dias concluídos')
  })

  it('no programme followed: an invitation in place of the paths', async () => {
    stub({ ...progress, programs: [] })
    renderWithProviders(<ProgressPage productName="Sintonia" />)
    expect((await screen.findByRole('link', { name: 'Conhecer os programas' })).getAttribute('href')).toBe('/programas')
  })
})
