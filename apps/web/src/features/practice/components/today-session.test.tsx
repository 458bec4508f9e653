import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, screen } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { day, detail, item, program, today } from '../testing/fixtures'
import { COMPLETION_POLL_MS, TodaySession, type SessionPlayerSlotProps } from './today-session'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

/** Day 5: 'Respirar' ×2 (heard), 'Soltar' ×2 (1 heard) — left at the second audio's second repetition. */
const resumed = today({
  day: day(5, { state: 'today', items: [item('Respirar', 2, 2), item('Soltar', 2, 1)] }),
  resume: { itemIndex: 1, repetition: 2 },
  nextUnlockAt: null,
})

let detailCalls = 0

function stub({ todayAnswer = resumed, doneAfter = 1 }: { todayAnswer?: unknown; doneAfter?: number } = {}) {
  detailCalls = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.practice.today]: () => jsonResponse(todayAnswer),
        // The server counts the day once the events arrived: not on the first `doneAfter` reads.
        [API.practice.program('calma-em-21-dias')]: () => {
          detailCalls += 1
          return jsonResponse(detailCalls > doneAfter ? { ...detail(5, 'done'), nextUnlockAt: '2026-03-06T03:00:00.000Z' } : detail(5, 'today'))
        },
      }),
    ),
  )
}

/** The route's player, reduced to what the session gives it and buttons standing for the stream. */
function FakePlayer(props: SessionPlayerSlotProps) {
  const current = props.queue[props.index]!
  return (
    <div>
      <p data-testid="slot">
        {current.title} · passo {props.index + 1} de {props.queue.length} · começa em {current.heard} de {current.repetitions}
      </p>
      <p>{props.contextTitle}</p>
      {props.steps}
      <button type="button" onClick={() => props.onRepetitionHeard({ index: props.index, completed: current.repetitions })}>
        repetição
      </button>
      <button type="button" onClick={() => props.onRepetitionHeard({ index: props.index, completed: current.repetitions })}>
        fim do áudio
      </button>
      <button type="button" onClick={() => props.onIndexChange(props.index + 1)}>
        o áudio seguinte começou
      </button>
    </div>
  )
}

function renderSession() {
  return renderWithProviders(
    <TodaySession productName="Sintonia" renderPlayer={(props) => <FakePlayer {...props} />} renderAfterPractice={(practice) => <p data-testid="after-practice">{practice.title}</p>} />,
  )
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

describe('TodaySession', () => {
  it("opens where the server says the listener left: the second audio, one repetition already heard", async () => {
    stub()
    renderSession()
    expect((await screen.findByTestId('slot')).textContent).toBe('Soltar · passo 2 de 2 · começa em 1 de 2')
    screen.getByText('Dia 5 de 21 · Calma em 21 dias')
    expect(screen.getByTestId('session-progress').textContent).toBe('3 de 4 repetições')
    // The first audio can be heard again, from its start.
    fireEvent.click(screen.getAllByTestId('session-step')[0]!)
    expect(screen.getByTestId('slot').textContent).toBe('Respirar · passo 1 de 2 · começa em 0 de 2')
    // The stream reached the next audio: the page follows it.
    fireEvent.click(screen.getByRole('button', { name: 'o áudio seguinte começou' }))
    expect(screen.getByTestId('slot').textContent).toBe('Soltar · passo 2 de 2 · começa em 1 de 2')
  })

  it('gives the player the whole day, each audio with its count and what was heard', async () => {
    stub()
    let seen: SessionPlayerSlotProps | null = null
    renderWithProviders(
      <TodaySession
        productName="Sintonia"
        renderPlayer={(props) => {
          seen = props
          return <FakePlayer {...props} />
        }}
      />,
    )
    await screen.findByTestId('slot')
    expect(seen!.queue.map((q) => [q.title, q.repetitions, q.heard])).toEqual([
      ['Respirar', 2, 0],
      ['Soltar', 2, 1],
    ])
    expect(seen!.index).toBe(1)
  })

  it('after the last repetition it asks the server until the day is counted, then celebrates calmly', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    stub({ doneAfter: 1 })
    renderSession()
    await screen.findByTestId('slot')
    expect(screen.queryByText('Tudo ouvido. Registrando o seu dia...')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'repetição' }))
    fireEvent.click(screen.getByRole('button', { name: 'fim do áudio' }))
    await screen.findByText('Tudo ouvido. Registrando o seu dia...')
    // The first read still says 'today': no celebration yet.
    await vi.waitFor(() => expect(detailCalls).toBe(1))
    expect(screen.queryByTestId('day-celebration')).toBeNull()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COMPLETION_POLL_MS)
    })
    const celebration = await screen.findByTestId('day-celebration')
    screen.getByRole('heading', { name: 'Dia 5 concluído.' })
    screen.getByText('O dia 6 abre amanhã.')
    expect(screen.getByTestId('streak').textContent).toBe('7 dias seguidos')
    // What comes tomorrow: the next day, its minutes and its intention.
    const tomorrow = await screen.findByTestId('day-tomorrow')
    expect(tomorrow.textContent).toBe('Amanhã · Dia 6 · ~20 minIntenção do dia 6')
    expect(celebration.getAttribute('data-motion')).toBe('gentle')
    expect(screen.queryByTestId('slot')).toBeNull()
    // The check-in comes after the moment, and the way out after both: "Até amanhã", back to Início.
    const checkIn = screen.getByTestId('after-practice')
    expect(checkIn.textContent).toBe('Dia 5 de 21 · Calma em 21 dias')
    const close = screen.getByRole('link', { name: 'Até amanhã' })
    expect(close.getAttribute('href')).toBe('/dashboard')
    expect(celebration.compareDocumentPosition(checkIn) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(checkIn.compareDocumentPosition(close) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getAllByTestId('after-practice')).toHaveLength(1)
  })

  it('"Repetições Hoje" is the day’s count, the one its progress shows, and follows each repetition heard', async () => {
    stub()
    let seen: SessionPlayerSlotProps | null = null
    renderWithProviders(
      <TodaySession
        productName="Sintonia"
        renderPlayer={(props) => {
          seen = props
          return <FakePlayer {...props} />
        }}
      />,
    )
    await screen.findByTestId('slot')
    // Resumed on the second audio (1 of its 2 heard), the first one done: 3 of the day's 4.
    expect(screen.getByTestId('session-progress').textContent).toBe('3 de 4 repetições')
    expect(seen!.repetitionsToday).toBe(3)
    fireEvent.click(screen.getByRole('button', { name: 'repetição' }))
    expect(screen.getByTestId('session-progress').textContent).toBe('4 de 4 repetições')
    expect(seen!.repetitionsToday).toBe(4)
  })

  it('does not celebrate before every audio heard its count', async () => {
    stub({ doneAfter: 0 })
    renderSession()
    await screen.findByTestId('slot')
    // The first audio played again: the second still misses a repetition.
    fireEvent.click(screen.getAllByTestId('session-step')[0]!)
    fireEvent.click(screen.getByRole('button', { name: 'fim do áudio' }))
    await act(async () => {})
    expect(detailCalls).toBe(0)
    expect(screen.queryByTestId('day-celebration')).toBeNull()
  })

  it('under prefers-reduced-motion the celebration simply appears', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query.includes('reduce'), media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    )
    stub({ doneAfter: 0 })
    renderSession()
    await screen.findByTestId('slot')
    fireEvent.click(screen.getByRole('button', { name: 'repetição' }))
    fireEvent.click(screen.getByRole('button', { name: 'fim do áudio' }))
    expect((await screen.findByTestId('day-celebration')).getAttribute('data-motion')).toBe('none')
  })

  it('the last day done: the whole path, every day ✓, and the next programme suggested', async () => {
    const completed = program({ enrolment: { status: 'completed', featured: true, currentDay: 22, completedDays: 21, currentDayOpen: false, enrolledAt: '2026-03-01T10:00:00.000Z' } })
    const finished = detail(22, 'today', { program: completed })
    const next = program({ id: '20000000-0000-4000-8000-000000000002', slug: 'gratidao', title: 'Gratidão', enrolment: null, daysCount: 7 })
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fetchByPath({
          [API.practice.today]: () => jsonResponse(today({ day: day(21, { state: 'today', items: [item('Respirar', 1)] }), resume: null })),
          [API.practice.program('calma-em-21-dias')]: () => jsonResponse(finished),
          [API.practice.programs]: () => jsonResponse({ programs: [completed, next] }),
        }),
      ),
    )
    renderSession()
    await screen.findByTestId('slot')
    fireEvent.click(screen.getByRole('button', { name: 'repetição' }))
    await screen.findByTestId('program-celebration')
    screen.getByRole('heading', { name: 'Você concluiu “Calma em 21 dias”.' })
    await vi.waitFor(() => expect(screen.getAllByTestId('program-day')).toHaveLength(21))
    expect(screen.getAllByTestId('program-day').every((d) => d.getAttribute('data-state') === 'done')).toBe(true)
    expect((await screen.findByRole('link', { name: /Conhecer o programa/ })).getAttribute('href')).toBe('/programas/gratidao')
  })

  it("a day already done shows it done, without the player and without ceremony", async () => {
    stub({ todayAnswer: today({ day: day(5, { state: 'done', completedOn: '2026-03-05' }), nextUnlockAt: '2026-03-06T03:00:00.000Z' }) })
    renderSession()
    const done = await screen.findByTestId('day-celebration')
    expect(done.getAttribute('data-motion')).toBe('none')
    screen.getByText('O dia 6 abre amanhã.')
    expect((await screen.findByTestId('day-tomorrow')).textContent).toContain('Intenção do dia 6')
    expect(screen.getByRole('link', { name: 'Até amanhã' }).getAttribute('href')).toBe('/dashboard')
    expect(screen.queryByTestId('slot')).toBeNull()
  })

  it('a day 1 not open yet (the zone moved west after enrolling) waits calmly, without a celebration', async () => {
    stub({ todayAnswer: today({ day: day(1, { state: 'locked' }), nextUnlockAt: '2026-03-06T03:00:00.000Z' }) })
    renderSession()
    const waiting = await screen.findByTestId('day-waiting')
    screen.getByRole('heading', { level: 1, name: 'Dia 1 abre amanhã' })
    expect(waiting.textContent).toContain('Calma em 21 dias')
    expect(screen.queryByTestId('day-celebration')).toBeNull()
    expect(screen.queryByText(/concluído/)).toBeNull()
    expect(screen.queryByTestId('slot')).toBeNull()
  })

  it('no programme: points to the programmes', async () => {
    stub({ todayAnswer: today({ program: null, day: null }) })
    renderSession()
    expect((await screen.findByRole('link', { name: 'Conhecer os programas' })).getAttribute('href')).toBe('/programas')
  })
})
