import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { API, CHECK_IN_MSG } from '@sintonia/contract'
import { jsonResponse, renderWithProviders } from '../../../test/render'
import { closeCheckIn, forgetCheckInMemory, isCheckInClosed, readMoodBefore, rememberMoodBefore } from '../lib/check-in-memory'
import { CheckInCard, checkInBody } from './check-in-card'

const day = { programId: '7b0a4a4e-1f3b-4b39-9a8a-1c2d3e4f5a6b', day: 3, title: 'Dia 3 de 21 · Calma' }
const audio = { audioId: '0c9d8e7f-6a5b-4c3d-8e2f-1a2b3c4d5e6f', title: 'Respiração', repetitions: 40 }
let posts: unknown[] = []

beforeEach(() => {
  sessionStorage.clear()
  posts = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '')
      if (path === API.practice.checkIns && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>
        posts.push(body)
        return jsonResponse(
          {
            id: '11111111-2222-4333-8444-555555555555',
            date: '2026-03-10',
            createdAt: '2026-03-10T15:00:00.000Z',
            title: day.title,
            audioId: null,
            programId: day.programId,
            day: 3,
            minutes: 20,
            moodBefore: body.moodBefore ?? null,
            moodAfter: body.moodAfter ?? null,
            note: body.note ?? '',
          },
          201,
        )
      }
      return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'x' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('checkInBody', () => {
  it('sends the day or the audio (repetitions kept within 1–30), and only what was chosen', () => {
    expect(checkInBody(day, { moodBefore: null, moodAfter: 4, note: '  \u0007 ' })).toEqual({ programId: day.programId, day: 3, moodAfter: 4 })
    expect(checkInBody(audio, { moodBefore: 2, moodAfter: null, note: 'Leve\r\n' })).toEqual({ audioId: audio.audioId, repetitions: 30, moodBefore: 2, note: 'Leve' })
  })
})

describe('CheckInCard', () => {
  it('"Salvar" waits for a mood or a note; saves the mood after, the note and the mood given before; then points to the Diário', async () => {
    rememberMoodBefore(day, 2)
    renderWithProviders(<CheckInCard practice={day} />)
    expect(screen.getByRole('heading', { name: 'Como você está agora?' })).toBeTruthy()
    expect(screen.getByText('Antes da prática: Mal (2 de 5)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Muito bem' }))
    fireEvent.change(screen.getByLabelText(/Uma nota/), { target: { value: 'Mais calma.' } })
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }))
    await waitFor(() => expect(screen.getByText(CHECK_IN_MSG.saved)).toBeTruthy())
    expect(posts).toEqual([{ programId: day.programId, day: 3, moodBefore: 2, moodAfter: 5, note: 'Mais calma.' }])
    expect(screen.getByRole('link', { name: 'Ver no Diário' }).getAttribute('href')).toBe('/diario')
    expect(isCheckInClosed(day)).toBe(true)
  })

  it('"Salvar" is disabled until something is chosen', () => {
    renderWithProviders(<CheckInCard practice={audio} />)
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Neutro' }))
    expect((screen.getByRole('button', { name: 'Salvar' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it('"Agora não" closes it without a request, and it is not offered again for that practice', () => {
    const onClose = vi.fn()
    const first = renderWithProviders(<CheckInCard practice={audio} onClose={onClose} />)
    fireEvent.click(screen.getByRole('button', { name: 'Agora não' }))
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.queryByTestId('check-in')).toBeNull()
    expect(posts).toEqual([])
    first.unmount()
    renderWithProviders(<CheckInCard practice={audio} />)
    expect(screen.queryByTestId('check-in')).toBeNull()
    // Another practice is still asked about.
    renderWithProviders(<CheckInCard practice={day} />)
    expect(screen.getByTestId('check-in')).toBeTruthy()
  })
})

describe('the tab’s check-in memory', () => {
  it('forgets the moods waiting and the practices closed when the sign-in changes', () => {
    rememberMoodBefore(audio, 4)
    closeCheckIn(day)
    expect(readMoodBefore(audio)).toBe(4)
    expect(isCheckInClosed(day)).toBe(true)
    forgetCheckInMemory()
    expect(readMoodBefore(audio)).toBeNull()
    expect(isCheckInClosed(day)).toBe(false)
  })
})
