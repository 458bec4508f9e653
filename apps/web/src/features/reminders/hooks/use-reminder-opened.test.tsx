import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, screen, waitFor } from '@testing-library/react'
import { API } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderWithProviders } from '../../../test/render'
import { resetReminderOpenedForTests, useReminderOpened } from './use-reminder-opened'

const ID = '2f1b8c1e-6f1a-4b53-9a0e-1c2d3e4f5a6b'
let posts: string[] = []

function Probe() {
  useReminderOpened()
  return <p>hoje</p>
}

beforeEach(() => {
  resetReminderOpenedForTests()
  posts = []
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fetchByPath({
        [API.practice.reminderOpened(ID)]: (url, init) => {
          posts.push(`${init?.method} ${url}`)
          return jsonResponse({ opened: true })
        },
      }),
    ),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('useReminderOpened', () => {
  it('tells the server once that the reminder of ?lembrete= was opened, even across remounts', async () => {
    const first = renderWithProviders(<Probe />, `/hoje?lembrete=${ID}`)
    await waitFor(() => expect(posts).toHaveLength(1))
    expect(posts[0]).toContain(`POST /api/practice/reminders/${ID}/opened`)
    first.unmount()
    renderWithProviders(<Probe />, `/hoje?lembrete=${ID}`)
    await screen.findByText('hoje')
    // Whatever the effect started has run by now (pending promises flushed).
    await act(async () => {})
    expect(posts).toHaveLength(1)
  })

  it('does nothing without the parameter or with something that is not a reminder id', async () => {
    renderWithProviders(<Probe />, '/hoje')
    renderWithProviders(<Probe />, '/hoje?lembrete=nao-e-um-id')
    expect(await screen.findAllByText('hoje')).toHaveLength(2)
    await act(async () => {})
    expect(posts).toEqual([])
    expect(fetch).not.toHaveBeenCalled()
  })
})
