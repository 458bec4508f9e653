import { describe, expect, it, vi } from 'vitest'
import { act, screen } from '@testing-library/react'
import { Link, Outlet } from 'react-router'
import { renderRoutes } from '../../../test/render'
import type { TrackFn } from '../lib/analytics-client'
import { usePageViews } from './use-page-views'

function Layout({ track }: { track: TrackFn }) {
  usePageViews(track)
  return (
    <>
      <Link to="/obrigado?nome=Maria">obrigado</Link>
      <Outlet />
    </>
  )
}

describe('usePageViews', () => {
  it('sends page_view with only the path on every route change', async () => {
    const track = vi.fn<TrackFn>()
    const { router } = renderRoutes(
      [{ path: '/', element: <Layout track={track} />, children: [{ index: true }, { path: '*' }] }],
      '/inscricao?utm_source=x',
    )
    expect(track.mock.calls).toEqual([['page_view', { path: '/inscricao' }]])

    act(() => screen.getByRole('link').click())
    expect(track.mock.calls.at(-1)).toEqual(['page_view', { path: '/obrigado' }])
    // Same path, new query string: not a new page.
    await act(() => router.navigate('/obrigado?nome=Outro'))
    await act(() => router.navigate('/'))
    expect(track.mock.calls).toEqual([
      ['page_view', { path: '/inscricao' }],
      ['page_view', { path: '/obrigado' }],
      ['page_view', { path: '/' }],
    ])
  })
})
