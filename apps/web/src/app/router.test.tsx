import { afterEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, screen, within } from '@testing-library/react'
import type { RouteObject } from 'react-router'
import { API, DEFAULT_LANDING_CONTENT, WEB_APP_PATHS, isWebAppPath, type Demo } from '@sintonia/contract'
import { fetchByPath, jsonResponse, renderRoutes } from '../test/render'
import { getRootElement } from './root-element'
import { routes } from './router'

const landing = {
  productName: 'Sintonia',
  content: DEFAULT_LANDING_CONTENT,
  videos: { active_video_id: null, videos: [] },
  updatedAt: null,
}

function stubApi(
  demo: () => Response = () => jsonResponse({ audio: null, fieldTitle: null, isAlternative: false } satisfies Demo),
  productName = landing.productName,
) {
  const fetchMock = vi.fn(
    fetchByPath({
      [API.content.landing]: () => jsonResponse({ ...landing, productName }),
      [API.catalogue.publicFields]: () => jsonResponse({ fields: [] }),
      [API.catalogue.demo]: demo,
    }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => vi.unstubAllGlobals())

describe('app routes', () => {
  it('shows the 404 page inside the layout for unknown paths', async () => {
    stubApi()
    renderRoutes(routes, '/nao-existe')
    await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })
    const main = screen.getByRole('main')
    within(main).getByText('Oops! A página que você está procurando não existe.')
    expect(within(main).getByRole('link', { name: 'Voltar ao Início' }).getAttribute('href')).toBe('/')
    screen.getByRole('banner')
    screen.getByRole('contentinfo')
    // The sign-in button appears once the sign-in is known (hidden while it loads).
    expect((await screen.findAllByRole('link', { name: /Entrar/ }))[0]?.getAttribute('href')).toBe('/login')
  })

  it("names the product (from the settings) in the 404 page's title", async () => {
    stubApi(undefined, 'Mente Viva')
    renderRoutes(routes, '/nao-existe')
    await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })
    await vi.waitFor(() => expect(document.title).toBe('Página não encontrada — Mente Viva'))
  })

  it('shows the unavailable demo with its three ways out, and retries', async () => {
    const fetchMock = stubApi()
    renderRoutes(routes, '/demo')
    await screen.findByRole('heading', { level: 1, name: 'Demonstração Temporariamente Indisponível' })
    expect(screen.getByRole('link', { name: /Ver Planos Completos/ }).getAttribute('href')).toBe('/assinatura')
    expect(screen.getByRole('link', { name: /Voltar ao Início/ }).getAttribute('href')).toBe('/')
    const demoCalls = () => fetchMock.mock.calls.filter(([url]) => url === API.catalogue.demo).length
    const before = demoCalls()
    fireEvent.click(screen.getByRole('button', { name: /Tentar Novamente/ }))
    await vi.waitFor(() => expect(demoCalls()).toBe(before + 1))
  })

  it('shows the API message when the demo request fails', async () => {
    stubApi(() => jsonResponse({ statusCode: 500, error: 'Internal Server Error', message: 'Erro ao carregar demonstração' }, 500))
    renderRoutes(routes, '/demo')
    await screen.findByText('Erro ao carregar demonstração')
    screen.getByRole('heading', { level: 1, name: 'Demonstração Temporariamente Indisponível' })
  })
})

/** Every full path of the route table, `:name` kept, the catch-all left out. */
function routerPaths(table: RouteObject[], parent = '/'): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return []
    const own = route.path ? `${parent.replace(/\/$/, '')}/${route.path}` : parent
    const here = route.index || route.path ? [own] : []
    return [...here, ...routerPaths(route.children ?? [], own)]
  })
}

describe('the pages the server knows (WEB_APP_PATHS)', () => {
  it('lists exactly the paths of the router, so the server answers 404 only for addresses the app has no page for', () => {
    const paths = routerPaths(routes)
    expect(paths.length).toBeGreaterThan(30)
    for (const path of paths) expect(isWebAppPath(path), path).toBe(true)
    expect([...new Set(paths)].sort()).toEqual([...WEB_APP_PATHS].sort())
  })
})

describe('getRootElement', () => {
  it('throws a clear error when #root is missing', () => {
    const doc = document.implementation.createHTMLDocument('x')
    expect(() => getRootElement(doc)).toThrow(/#root/)
    const root = doc.createElement('div')
    root.id = 'root'
    doc.body.append(root)
    expect(getRootElement(doc)).toBe(root)
  })
})
