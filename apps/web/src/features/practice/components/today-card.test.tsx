import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { resetTimeZoneSendForTests } from '../hooks/use-send-time-zone-once'
import { practiceKeys } from '../keys'
import { day, preferences, program, STREAK, today } from '../testing/fixtures'
import { TodayCard } from './today-card'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

let puts: unknown[] = []

function stub(todayAnswer: unknown, prefs = preferences()) {
  puts = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.practice.today]: () => jsonResponse(todayAnswer),
        [API.practice.preferences]: (_url, init) => {
          if (init?.method === 'PUT') {
            const body = JSON.parse(String(init.body)) as { timeZone: string }
            puts.push(body)
            return jsonResponse({ ...prefs, timeZone: body.timeZone, timeZoneChosen: true })
          }
          return jsonResponse(prefs)
        },
      }),
    ),
  )
}

beforeEach(() => resetTimeZoneSendForTests())
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('TodayCard', () => {
  it("today's day: 'Dia 5 de 21 · programme · ~20 min', the intention, one button to /hoje and the calm streak", async () => {
    stub(today())
    renderWithProviders(<TodayCard />)
    await screen.findByRole('heading', { name: 'Dia 5 de 21' })
    screen.getByText('Calma em 21 dias · ~20 min')
    screen.getByText('Intenção do dia 5')
    const start = screen.getByRole('link', { name: /Começar a prática de hoje/ })
    expect(start.getAttribute('href')).toBe('/hoje')
    expect(screen.getByTestId('streak').textContent).toBe('7 dias seguidos')
  })

  it("a day left half-way continues where it stopped; a hidden streak is not shown", async () => {
    stub(today({ resume: { itemIndex: 0, repetition: 2 }, streak: { ...STREAK, hidden: true } }))
    renderWithProviders(<TodayCard />)
    await screen.findByRole('link', { name: /Continuar de onde parei/ })
    expect(screen.queryByTestId('streak')).toBeNull()
  })

  it("today's day done: 'Dia 5 concluído' and when the next one opens", async () => {
    stub(today({ day: day(5, { state: 'done', completedOn: '2026-03-05' }), nextUnlockAt: '2026-03-06T03:00:00.000Z' }))
    renderWithProviders(<TodayCard />)
    await screen.findByRole('heading', { name: 'Dia 5 concluído' })
    screen.getByText(/O dia 6 abre amanhã/)
    expect(screen.queryByRole('link', { name: /Começar a prática/ })).toBeNull()
  })

  it('no programme: an invitation to choose one', async () => {
    stub(today({ program: null, day: null }))
    renderWithProviders(<TodayCard />)
    const link = await screen.findByRole('link', { name: /Conhecer os programas/ })
    expect(link.getAttribute('href')).toBe('/programas')
  })

  it('the programme completed: the next one is suggested', async () => {
    stub(today({ program: program({ enrolment: { status: 'completed', featured: true, currentDay: 22, completedDays: 21, currentDayOpen: false, enrolledAt: '' } }), day: null }))
    renderWithProviders(<TodayCard />)
    await screen.findByRole('heading', { name: 'Você concluiu “Calma em 21 dias”' })
    expect(screen.getByRole('link', { name: /Escolher o próximo programa/ }).getAttribute('href')).toBe('/programas')
  })

  it('a failed read says so and offers to try again', async () => {
    vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.practice.today]: () => jsonResponse({ statusCode: 500, error: 'x', message: 'Falhou' }, 500) })))
    renderWithProviders(<TodayCard />)
    await screen.findByText('Sua prática de hoje não carregou.')
    screen.getByRole('button', { name: 'Tentar novamente' })
  })
})

describe("the browser's time zone", () => {
  it('is sent once, on the first load, when the listener never set one', async () => {
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'America/Manaus' } as Intl.ResolvedDateTimeFormatOptions)
    stub(today(), preferences({ timeZoneChosen: false }))
    const first = renderWithProviders(<TodayCard />)
    await waitFor(() => expect(puts).toEqual([{ timeZone: 'America/Manaus' }]))
    first.unmount()
    // Another visit to the dashboard in the same page load does not send it again.
    const second = renderWithProviders(<TodayCard />)
    await waitFor(() => expect(second.queryClient.getQueryData(practiceKeys.preferences)).toMatchObject({ timeZoneChosen: false }))
    await act(async () => {})
    expect(puts).toHaveLength(1)
  })

  it('is never sent over a zone already chosen', async () => {
    stub(today(), preferences({ timeZoneChosen: true, timeZone: 'America/Recife' }))
    const { queryClient } = renderWithProviders(<TodayCard />)
    await waitFor(() => expect(queryClient.getQueryData(practiceKeys.preferences)).toMatchObject({ timeZoneChosen: true }))
    await act(async () => {})
    expect(puts).toEqual([])
  })
})
