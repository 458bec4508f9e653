/**
 * The web parses answers with the contract's endpoints (docs/architecture.md#contract): each one must
 * be served by the API, with that method and path, and answer with that very schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALL_ENDPOINTS, type Endpoint } from '@sintonia/contract'
import { buildTestApp, type TestContext } from '../helpers/app.js'

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

const all = ALL_ENDPOINTS.map(({ name, endpoint, schemas }) => [name, endpoint, schemas] as const)

describe('the contract endpoints', () => {
  it('list every JSON route the web calls', () => {
    expect(all.length).toBeGreaterThan(80)
  })

  it.each(all)('%s is served with its method, path and answer schema', (_name, endpoint, schemas) => {
    expect(schemas, 'its schemas are listed in ENDPOINT_SCHEMAS').toBeDefined()
    const path = samplePath(endpoint)
    const route = ctx.app.accessTable.find((row) => row.method === endpoint.method && routePattern(row.url).test(path))
    expect(route, `${endpoint.method} ${path}`).toBeDefined()
    if (schemas.response) expect(route?.okSchema).toBe(schemas.response)
    else expect(route?.okSchema === undefined || String((route?.okSchema as { type?: string }).type) === 'null').toBe(true)
    if (schemas.body) expect(route?.bodySchema).toBe(schemas.body)
  })
})
