/**
 * The web parses answers with the contract's endpoints (docs/architecture.md#contract): each one must
 * be served by the API, with that method and path, and answer with that very schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ENDPOINTS, type Endpoint } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'

function endpointsOf(group: object, prefix = 'ENDPOINTS'): Array<[string, Endpoint]> {
  return Object.entries(group).flatMap(([key, value]: [string, unknown]): Array<[string, Endpoint]> => {
    const name = `${prefix}.${key}`
    if (value && typeof value === 'object' && 'method' in value && 'path' in value) return [[name, value as Endpoint]]
    return value && typeof value === 'object' ? endpointsOf(value, name) : []
  })
}

/** A concrete path for the endpoint: parameters become sample values a route pattern matches. */
function samplePath(endpoint: Endpoint): string {
  const { path } = endpoint
  return typeof path === 'string' ? path : (path as (...args: string[]) => string)('sample-1', 'sample-2')
}

function routePattern(url: string): RegExp {
  return new RegExp(`^${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z]+/g, '[^/]+')}$`)
}

let ctx: TestContext
beforeAll(async () => {
  ctx = await buildTestApp()
})
afterAll(async () => {
  await ctx.close()
})

const all = endpointsOf(ENDPOINTS)

describe('the contract endpoints', () => {
  it('list every JSON route the web calls', () => {
    expect(all.length).toBeGreaterThan(80)
  })

  it.each(all)('%s is served with its method, path and answer schema', (_name, endpoint) => {
    const path = samplePath(endpoint)
    const route = ctx.app.accessTable.find((row) => row.method === endpoint.method && routePattern(row.url).test(path))
    expect(route, `${endpoint.method} ${path}`).toBeDefined()
    if (endpoint.response) expect(route?.okSchema).toBe(endpoint.response)
    else expect(route?.okSchema === undefined || String((route?.okSchema as { type?: string }).type) === 'null').toBe(true)
    if (endpoint.body) expect(route?.bodySchema).toBe(endpoint.body)
  })
})
