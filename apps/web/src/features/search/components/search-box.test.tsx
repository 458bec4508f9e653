import { useState } from 'react'
import { act, fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API, LISTENER_MSG } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../../../test/render'
import { SearchBox, type SearchOutcome } from './search-box'

const FIELD_ID = '6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a7e01'
const AUDIO_ID = '6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a7e02'
const OTHER_AUDIO_ID = '6f0f7a55-2a43-4f5e-9a8a-0d3c1b6a7e03'

const outcomes: SearchOutcome[] = []

function Harness() {
  const [value, setValue] = useState('')
  return <SearchBox value={value} onValueChange={setValue} onResults={(outcome) => outcomes.push(outcome)} />
}

function setup(results: unknown[] = []) {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.catalogue.search]: (url) => {
          calls.push(decodeURIComponent(url.split('q=')[1] ?? ''))
          return jsonResponse({ results })
        },
      }),
    ),
  )
  const utils = renderRoutes([
    { path: '/', element: <Harness /> },
    { path: '/campo/:fieldId', element: <p>field page</p> },
    { path: '/campo/:fieldId/audio/:audioId', element: <p>audio page</p> },
  ])
  const input = screen.getByRole('combobox')
  return { ...utils, calls, input }
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

describe('SearchBox', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
    outcomes.length = 0
  })

  it('opens its answer where the listener is looking: results under the fold scroll up into view, once per answer', async () => {
    const audio = { type: 'audio', id: AUDIO_ID, title: 'Coração em Paz', fieldId: FIELD_ID, fieldTitle: 'Autoestima', tags: [], duration: '0:12', inTranscript: false }
    const scrollBy = vi.fn()
    vi.stubGlobal('scrollBy', scrollBy)
    const { input } = setup([audio])
    // A phone's window (768 px tall in jsdom): the box low on the page, its results reaching 300 px past the window's bottom.
    const rect = (top: number, height: number) => ({ top, bottom: top + height, left: 0, right: 360, width: 360, height, x: 0, y: top, toJSON: () => ({}) })
    vi.spyOn(input, 'getBoundingClientRect').mockReturnValue(rect(600, 52))
    vi.spyOn(screen.getByRole('listbox', { hidden: true }).parentElement!, 'getBoundingClientRect').mockReturnValue(rect(660, 408))
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'coracao' } })
    expect(scrollBy).not.toHaveBeenCalled()
    await advance(250)
    await advance(0)
    screen.getByRole('option', { name: /Coração em Paz/ })
    expect(scrollBy).toHaveBeenCalledTimes(1)
    // Brought up by what stuck out (the window's bottom, less the scroll padding and a small gap): the box stays in view above its results.
    const { top } = scrollBy.mock.calls[0]![0] as ScrollToOptions
    expect(top).toBeGreaterThanOrEqual(300)
    expect(top).toBeLessThanOrEqual(600)
    // Moving through the results does not scroll the page again.
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    await advance(0)
    expect(scrollBy).toHaveBeenCalledTimes(1)
  })

  it('tells the page what it found for the text typed, so the dashboard grid can agree', async () => {
    const audio = { type: 'audio', id: AUDIO_ID, title: 'Coração em Paz', fieldId: FIELD_ID, fieldTitle: 'Autoestima', tags: [], duration: '0:12', inTranscript: false }
    const { input } = setup([audio])
    fireEvent.change(input, { target: { value: 'coracao' } })
    expect(outcomes.at(-1)).toEqual({ query: 'coracao', status: 'searching', results: [] })
    await advance(250)
    await advance(0)
    expect(outcomes.at(-1)).toEqual({ query: 'coracao', status: 'done', results: [audio] })
    fireEvent.change(input, { target: { value: 'c' } })
    expect(outcomes.at(-1)).toMatchObject({ query: 'c', status: 'idle' })
  })

  it('waits 250 ms after the last keystroke and needs 2 characters after trimming', async () => {
    const { calls, input } = setup()
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: ' a ' } })
    await advance(500)
    expect(calls).toEqual([])

    fireEvent.change(input, { target: { value: 'au' } })
    await advance(100)
    fireEvent.change(input, { target: { value: 'aud' } })
    await advance(249)
    expect(calls).toEqual([])
    expect(screen.getByRole('status').textContent).toBe(LISTENER_MSG.searching)
    await advance(1)
    await advance(0)
    expect(calls).toEqual(['aud'])
    expect(screen.getByRole('status').textContent).toBe(LISTENER_MSG.searchEmpty('aud'))
  })

  it("announces one result as '1 resultado'", async () => {
    const { input } = setup([{ type: 'field', id: FIELD_ID, title: 'Autoestima', description: 'Amor-próprio', iconName: 'Heart' }])
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'auto' } })
    await advance(250)
    await advance(0)
    expect(screen.getByRole('status').textContent).toBe('1 resultado')
  })

  it('groups results, moves with the arrow keys, closes on Escape and opens the chosen audio', async () => {
    const { input, router } = setup([
      { type: 'field', id: FIELD_ID, title: 'Autoestima', description: 'Amor-próprio', iconName: 'Heart' },
      { type: 'audio', id: AUDIO_ID, title: 'Áudio da manhã', fieldId: FIELD_ID, fieldTitle: 'Autoestima', tags: [], duration: '3:25', inTranscript: false },
    ])
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'audio' } })
    await advance(250)
    await advance(0)

    screen.getByRole('group', { name: 'Campos' })
    screen.getByRole('group', { name: 'Áudios' })
    expect(input.getAttribute('aria-expanded')).toBe('true')
    // Announced to screen readers in proper pt-BR plural, never 'resultado(s)'.
    expect(screen.getByRole('status').textContent).toBe('2 resultados')

    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.getAttribute('aria-expanded')).toBe('false')

    fireEvent.keyDown(input, { key: 'ArrowDown' }) // reopens
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    const active = input.getAttribute('aria-activedescendant')
    expect(active && document.getElementById(active)?.textContent).toContain('Áudio da manhã')

    fireEvent.keyDown(input, { key: 'Enter' })
    await advance(0)
    expect(router.state.location.pathname).toBe(`/campo/${FIELD_ID}/audio/${AUDIO_ID}`)
  })

  it("says 'Na transcrição' for an audio found only by what it says", async () => {
    const { input } = setup([
      { type: 'audio', id: AUDIO_ID, title: 'Coração em Paz', fieldId: FIELD_ID, fieldTitle: 'Autoestima', tags: [], duration: '3:25', inTranscript: true },
      { type: 'audio', id: OTHER_AUDIO_ID, title: 'Perdão', fieldId: FIELD_ID, fieldTitle: 'Autoestima', tags: [], duration: '2:10', inTranscript: false },
    ])
    fireEvent.focus(input)
    fireEvent.change(input, { target: { value: 'me perdoo' } })
    await advance(250)
    await advance(0)
    const [byTranscript, byTitle] = screen.getAllByRole('option')
    expect(byTranscript!.textContent).toContain('Na transcrição')
    expect(byTitle!.textContent).not.toContain('Na transcrição')
  })
})
