import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { API, type ProgramSummary } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { practiceKeys } from '../keys'
import { program, today } from '../testing/fixtures'
import { DashboardPrograms } from './dashboard-programs'

const active = (currentDay: number, featured = false, currentDayOpen = true): ProgramSummary['enrolment'] => ({
  status: 'active',
  featured,
  currentDay,
  completedDays: currentDay - 1,
  currentDayOpen,
  enrolledAt: '2026-03-01T10:00:00.000Z',
})

let n = 0
/** A published programme with its own id and address. */
function published(title: string, overrides: Partial<ProgramSummary> = {}): ProgramSummary {
  n += 1
  const slug = title.toLowerCase().replaceAll(' ', '-')
  return program({ id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, slug, title, enrolment: null, ...overrides })
}

const featured = published('Calma em 21 dias', { enrolment: active(5, true) })
const other = published('Sono tranquilo', { daysCount: 14, enrolment: active(3) })
const finished = published('Gratidão', { enrolment: { status: 'completed', featured: false, currentDay: 8, completedDays: 7, currentDayOpen: false, enrolledAt: '' } })
const newOnes = [
  published('Autoestima', { minutesPerDay: 18 }),
  published('Foco', { daysCount: 7, minutesPerDay: 10 }),
  published('Coragem'),
  published('Leveza'),
]

function stub(programs: ProgramSummary[], todayAnswer: () => Response = () => jsonResponse(today({ program: featured }))) {
  vi.stubGlobal('fetch', vi.fn(fetchByPath({ [API.practice.programs]: () => jsonResponse({ programs }), [API.practice.today]: todayAnswer })))
}

/** Waits until both reads were answered, so "nothing shown" is not just "not loaded yet". */
async function settled(queryClient: ReturnType<typeof renderWithProviders>['queryClient']) {
  await waitFor(() => {
    for (const key of [practiceKeys.programs, practiceKeys.today]) expect(queryClient.getQueryState(key)?.status).toMatch(/success|error/)
  })
}

const section = () => screen.getByRole('region', { name: 'Programas' })
const titlesIn = (list: HTMLElement) => within(list).getAllByTestId('dashboard-program').map((card) => card.textContent)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('DashboardPrograms', () => {
  it("lists the other programmes in progress with 'Dia N de M', then the ones not followed yet, never the one the Today card shows", async () => {
    stub([featured, other, finished, ...newOnes])
    renderWithProviders(<DashboardPrograms />)
    await screen.findByRole('heading', { level: 2, name: 'Programas' })

    const following = within(section()).getByRole('list', { name: 'Em andamento' })
    expect(titlesIn(following)).toEqual(['Sono tranquiloDia 3 de 14'])
    expect(within(following).getByRole('link').getAttribute('href')).toBe('/programas/sono-tranquilo')

    // At most three in all: one in progress leaves room for two new ones, in the list's order.
    const discover = within(section()).getByRole('list', { name: 'Conheça também' })
    expect(titlesIn(discover)).toEqual(['Autoestima21 dias · ~18 min por dia', 'Foco7 dias · ~10 min por dia'])
    expect(within(discover).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/programas/autoestima', '/programas/foco'])

    // The featured programme (in the Today card) and a completed one are not offered here.
    expect(within(section()).queryByText('Calma em 21 dias')).toBeNull()
    expect(within(section()).queryByText('Gratidão')).toBeNull()
    expect(screen.getAllByTestId('dashboard-program')).toHaveLength(3)
    expect(within(section()).getByRole('link', { name: 'Ver todos os programas' }).getAttribute('href')).toBe('/programas')
  })

  it("a programme in progress whose day was done today reads 'Dia N abre amanhã'", async () => {
    const waiting = published('Sono tranquilo', { daysCount: 14, enrolment: active(3, false, false) })
    stub([featured, waiting])
    renderWithProviders(<DashboardPrograms />)
    const following = await screen.findByRole('list', { name: 'Em andamento' })
    expect(titlesIn(following)).toEqual(['Sono tranquiloDia 3 abre amanhã'])
  })

  it("a listener who follows nothing yet: three programmes 'Para começar', the others one link away", async () => {
    stub(newOnes, () => jsonResponse(today({ program: null, day: null })))
    renderWithProviders(<DashboardPrograms />)
    const list = await screen.findByRole('list', { name: 'Para começar' })
    expect(titlesIn(list)).toEqual(['Autoestima21 dias · ~18 min por dia', 'Foco7 dias · ~10 min por dia', 'Coragem21 dias · ~20 min por dia'])
    expect(screen.queryByRole('list', { name: 'Em andamento' })).toBeNull()
    screen.getByRole('link', { name: 'Ver todos os programas' })
  })

  it('is hidden when no programme is published', async () => {
    stub([], () => jsonResponse(today({ program: null, day: null })))
    const { queryClient, container } = renderWithProviders(<DashboardPrograms />)
    await settled(queryClient)
    expect(screen.queryByRole('heading', { name: 'Programas' })).toBeNull()
    expect(container.textContent).toBe('')
  })

  it('is hidden when the only programmes are the one in the Today card and completed ones', async () => {
    stub([featured, finished])
    const { queryClient } = renderWithProviders(<DashboardPrograms />)
    await settled(queryClient)
    expect(screen.queryByRole('region', { name: 'Programas' })).toBeNull()
  })

  it("without today's answer, the featured programme is still the one left out", async () => {
    stub([featured, other, newOnes[0]!], () => jsonResponse({ statusCode: 500, error: 'x', message: 'Falhou' }, 500))
    renderWithProviders(<DashboardPrograms />)
    await screen.findByRole('heading', { level: 2, name: 'Programas' })
    expect(screen.getAllByTestId('dashboard-program').map((card) => card.getAttribute('href'))).toEqual(['/programas/sono-tranquilo', '/programas/autoestima'])
  })

  it('stays quiet when the programmes cannot be read (the Today card speaks for the practice)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.practice.programs]: () => jsonResponse({ statusCode: 500, error: 'x', message: 'Falhou' }, 500),
          [API.practice.today]: () => jsonResponse(today()),
        }),
      ),
    )
    const { queryClient, container } = renderWithProviders(<DashboardPrograms />)
    await settled(queryClient)
    expect(container.textContent).toBe('')
  })
})
