import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { asc, eq } from 'drizzle-orm'
import { ADMIN_CONTENT_MSG, API } from '@sintonia/contract'
import { audios, fields } from '../../src/db/schema/index.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { callAs, castOf, type Cast } from '../helpers/callers.js'
import { nonAdminStatuses } from '../helpers/multipart.js'

let ctx: TestContext
let cast: Cast
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true })
  cast = await castOf(ctx)
})
afterAll(() => ctx.close())

const asAdmin = (options: Parameters<typeof callAs>[2]) => callAs(ctx, cast.admin, options)
const ADMIN_ONLY = [401, 403, 403]
const MISSING = '00000000-0000-4000-8000-000000000000'

async function orderedIds() {
  return (await ctx.database.db.select({ id: fields.id }).from(fields).orderBy(asc(fields.displayOrder), asc(fields.title))).map((r) => r.id)
}

describe('admin fields: access', () => {
  it('every route refuses anonymous (401), listeners and subscribers (403)', async () => {
    const [first] = await orderedIds()
    const calls = [
      { method: 'GET' as const, url: API.catalogue.admin.fields },
      { method: 'POST' as const, url: API.catalogue.admin.fields, payload: { title: 'X', iconName: 'Brain' } },
      { method: 'PUT' as const, url: API.catalogue.admin.fieldOrder, payload: { fieldIds: [first] } },
      { method: 'PATCH' as const, url: API.catalogue.admin.field(first!), payload: { title: 'Y' } },
      { method: 'DELETE' as const, url: API.catalogue.admin.field(first!) },
    ]
    for (const call of calls) {
      expect(await nonAdminStatuses(ctx, cast, call), `${call.method} ${call.url}`).toEqual(ADMIN_ONLY)
    }
    expect((await orderedIds()).length).toBe(6)
  })
})

describe('admin fields: create, edit, delete', () => {
  it('creates a field at the end of the order and announces fields_changed', async () => {
    const top = Math.max(...(await ctx.database.db.select({ o: fields.displayOrder }).from(fields)).map((r) => r.o))
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const res = await asAdmin({ method: 'POST', url: API.catalogue.admin.fields, payload: { title: '  Prosperidade  ', description: 'Abundância', iconName: 'DollarSign' } })
    expect(res.statusCode).toBe(201)
    const { field } = res.json()
    expect(field).toMatchObject({ title: 'Prosperidade', description: 'Abundância', iconName: 'DollarSign', audioCount: 0, displayOrder: top + 1 })
    expect(publish).toHaveBeenCalledWith('fields_changed')
    publish.mockRestore()
  })

  it('refuses a blank title and an icon outside the list with pt-BR messages, writing nothing', async () => {
    const before = (await orderedIds()).length
    const blank = await asAdmin({ method: 'POST', url: API.catalogue.admin.fields, payload: { title: '   ', iconName: 'Brain' } })
    expect(blank.statusCode).toBe(400)
    expect(blank.json().message).toContain('Preencha o campo "Título"')
    const icon = await asAdmin({ method: 'POST', url: API.catalogue.admin.fields, payload: { title: 'Novo', iconName: 'Skull' } })
    expect(icon.statusCode).toBe(400)
    expect(icon.json().message).toContain('Escolha um ícone da lista')
    expect((await orderedIds()).length).toBe(before)
  })

  it('edits title, description and icon; 404 for a missing field; 400 for an empty patch or a bad id', async () => {
    const [id] = await orderedIds()
    const res = await asAdmin({ method: 'PATCH', url: API.catalogue.admin.field(id!), payload: { title: 'Foco Total', iconName: 'Target', description: 'Nova' } })
    expect(res.statusCode).toBe(200)
    expect(res.json().field).toMatchObject({ id, title: 'Foco Total', iconName: 'Target', description: 'Nova', audioCount: 3 })
    expect((await asAdmin({ method: 'PATCH', url: API.catalogue.admin.field(MISSING), payload: { title: 'X' } })).statusCode).toBe(404)
    const empty = await asAdmin({ method: 'PATCH', url: API.catalogue.admin.field(id!), payload: {} })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().message).toContain(ADMIN_CONTENT_MSG.nothingToUpdate)
    const bad = await asAdmin({ method: 'PATCH', url: API.catalogue.admin.field('abc'), payload: { title: 'X' } })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().message).toContain('ID do campo inválido')
  })

  it('refuses to delete a field that has audios, saying how many; deletes an empty one', async () => {
    const [withAudios] = await orderedIds()
    const refused = await asAdmin({ method: 'DELETE', url: API.catalogue.admin.field(withAudios!) })
    expect(refused.statusCode).toBe(409)
    expect(refused.json().message).toBe(ADMIN_CONTENT_MSG.fieldHasAudios(3))
    expect((await ctx.database.db.select().from(audios).where(eq(audios.fieldId, withAudios!))).length).toBe(3)

    const created = (await asAdmin({ method: 'POST', url: API.catalogue.admin.fields, payload: { title: 'Temporário', iconName: 'Clock' } })).json().field
    const publish = vi.spyOn(ctx.app.domainEvents, 'publish')
    const deleted = await asAdmin({ method: 'DELETE', url: API.catalogue.admin.field(created.id) })
    expect(deleted.statusCode).toBe(204)
    expect(publish).toHaveBeenCalledWith('fields_changed')
    publish.mockRestore()
    expect((await ctx.database.db.select().from(fields).where(eq(fields.id, created.id))).length).toBe(0)
    expect((await asAdmin({ method: 'DELETE', url: API.catalogue.admin.field(created.id) })).statusCode).toBe(404)
  })
})

describe('admin fields: reorder', () => {
  it('stores the new display order and the public list follows it', async () => {
    const ids = await orderedIds()
    const reversed = [...ids].reverse()
    const res = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldOrder, payload: { fieldIds: reversed } })
    expect(res.statusCode).toBe(200)
    expect(res.json().fields.map((f: { id: string }) => f.id)).toEqual(reversed)
    const publicList = (await ctx.app.inject({ method: 'GET', url: API.catalogue.publicFields })).json().fields.map((f: { id: string }) => f.id)
    expect(publicList).toEqual(reversed)
  })

  it('refuses a list that leaves a field out, repeats one or names an unknown one, changing nothing', async () => {
    const ids = await orderedIds()
    for (const fieldIds of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), MISSING]]) {
      const res = await asAdmin({ method: 'PUT', url: API.catalogue.admin.fieldOrder, payload: { fieldIds } })
      expect(res.statusCode).toBe(400)
      expect(res.json().message).toBe(ADMIN_CONTENT_MSG.fieldOrderMismatch)
    }
    expect(await orderedIds()).toEqual(ids)
  })
})
