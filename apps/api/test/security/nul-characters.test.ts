/**
 * NUL characters in text (security review, round three): a NUL (U+0000) in a text field reached
 * PostgreSQL, which refuses it in text and jsonb, and came back logged as a database error. Every
 * string the API validates — body, query, path parameters, keys, multipart text fields — is now
 * refused at the boundary by one rule of the contract (common/text-input.ts) with 400 "O texto
 * contém caracteres inválidos.", before validation and before any handler: nothing is written
 * and no database error is logged.
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { InjectOptions } from 'fastify'
import { API, MSG } from '@sintonia/contract'
import { loadConfig } from '../../src/config.js'
import { buildTestApp, type TestContext } from '../helpers/app.js'
import { admin, nextIp, uniqueEmail, type Account } from '../helpers/auth.js'
import { callAs, subscriber } from '../helpers/callers.js'
import { confirmationToken } from '../helpers/mailbox.js'
import { filesUnder, multipart, SVG_AS_MP3 } from '../helpers/multipart.js'
import { catalogueAudios } from '../helpers/practice.js'
import { memoryLogger } from '../support/log-capture.js'
import { changedTables, databaseChecksum } from './support/checksum.js'
import { problemWithRefusal } from './support/error-shape.js'

const NUL = '\u0000'

// The app's own logger options at debug level, into memory: every line the refusals write is read below.
const { logger, lines, parsed: logged } = memoryLogger(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nao-usado', LOG_LEVEL: 'debug' }))

let ctx: TestContext
let person: Account
let boss: Account
let fieldId: string
beforeAll(async () => {
  ctx = await buildTestApp({ seed: true, logger })
  person = await subscriber(ctx)
  boss = await admin(ctx)
  fieldId = (await catalogueAudios(ctx))[0]!.fieldId
  // The sign-up's confirmation e-mail lands after the answer: compare from once it is there.
  await vi.waitFor(async () => expect(await confirmationToken(ctx, person.email)).not.toBeNull())
})
afterAll(() => ctx.close())

interface Attempt {
  name: string
  who: Account | null | 'admin'
  request: InjectOptions
  /** The field the answer must name. */
  path: string
}

const json = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: unknown): InjectOptions => ({ method, url, payload: payload as InjectOptions['payload'], remoteAddress: nextIp() })

function attempts(): Attempt[] {
  return [
    { name: 'sign-up name', who: null, path: 'name', request: json('POST', API.accounts.signUp, { name: `Ana${NUL}Clara`, email: uniqueEmail('nul'), password: 'senha-segura-1' }) },
    {
      name: 'lead capture name',
      who: null,
      path: 'name',
      request: json('POST', API.communication.leads, { name: `Maria${NUL} Silva`, email: uniqueEmail('lead-nul'), consent: true }),
    },
    {
      name: 'lead capture utm',
      who: null,
      path: 'utm_source',
      request: json('POST', API.communication.leads, { name: 'Maria Silva', email: uniqueEmail('lead-nul'), consent: true, utm_source: `insta${NUL}` }),
    },
    { name: 'playlist name', who: person, path: 'name', request: json('POST', API.listening.playlists, { id: randomUUID(), name: `Favoritas${NUL}` }) },
    {
      name: 'playlist description',
      who: person,
      path: 'description',
      request: json('POST', API.listening.playlists, { id: randomUUID(), name: 'Noite', description: `calma${NUL}` }),
    },
    { name: 'a key holding NUL', who: person, path: 'name\\u0000', request: json('POST', API.listening.playlists, { id: randomUUID(), [`name${NUL}`]: 'x' }) },
    { name: 'display name (Minha conta)', who: person, path: 'name', request: json('PATCH', API.accounts.profile, { name: `Nome${NUL}` }) },
    { name: 'search query', who: person, path: 'q', request: { method: 'GET', url: `${API.catalogue.search}?q=medita%00cao` } },
    { name: 'path parameter', who: person, path: 'slug', request: { method: 'GET', url: API.practice.program('programa%00') } },
    {
      name: 'admin field title',
      who: 'admin',
      path: 'title',
      request: json('POST', API.catalogue.admin.fields, { title: `Campo${NUL}`, description: '', iconName: 'Brain' }),
    },
    {
      name: "admin programme day's intention",
      who: 'admin',
      path: 'days.0.intention',
      request: json('POST', API.practice.admin.programs, { title: 'Programa', description: '', isOpen: false, days: [{ intention: `Dia${NUL}`, items: [] }] }),
    },
    {
      name: 'admin audio upload (multipart text field)',
      who: 'admin',
      path: 'title',
      request: {
        method: 'POST',
        url: API.catalogue.admin.audios,
        ...multipart({ title: `Áudio${NUL}`, fieldId }, [{ name: 'file', filename: 'audio.mp3', contentType: 'audio/mpeg', data: SVG_AS_MP3 }]),
      },
    },
  ]
}

describe('NUL characters in text', () => {
  it('are refused with a pt-BR 400 naming the field, on every route, changing nothing', async () => {
    const before = await databaseChecksum(ctx.database.db)
    const mediaBefore = filesUnder(ctx.dataDir)
    const problems: string[] = []
    for (const attempt of attempts()) {
      const who = attempt.who === 'admin' ? boss : attempt.who
      const res = await callAs(ctx, who, attempt.request)
      const shape = problemWithRefusal(res)
      if (shape) problems.push(`${attempt.name}: ${shape}`)
      if (res.statusCode !== 400) {
        problems.push(`${attempt.name}: ${res.statusCode} ${res.body}`)
        continue
      }
      const body = res.json() as { message: string; issues?: { path: string; message: string }[] }
      if (body.message !== MSG.validation.invalidCharacters) problems.push(`${attempt.name}: "${body.message}"`)
      if (body.issues?.[0]?.path !== attempt.path) problems.push(`${attempt.name}: names ${JSON.stringify(body.issues)}`)
    }
    expect(problems).toEqual([])
    expect(changedTables(before, await databaseChecksum(ctx.database.db))).toEqual([])
    expect(filesUnder(ctx.dataDir)).toEqual(mediaBefore)
  })

  it('never reach the database: no database error, warning or 500 in the log', () => {
    const refusedByDatabase = logged().filter((line) => line.msg === 'input refused by the database' || line.level >= 50)
    expect(refusedByDatabase).toEqual([])
    expect(lines.filter((line) => /22021|22P05|invalid byte sequence|unsupported Unicode escape/i.test(line))).toEqual([])
    // Every refusal still writes its one request line (lib/http/request-log.ts), with status 400.
    expect(logged().filter((line) => line.msg === 'request' && line.status === 400).length).toBeGreaterThanOrEqual(attempts().length)
  })

  it('leave text without NUL as it was: the same requests without it succeed', async () => {
    const ok = await callAs(ctx, person, json('POST', API.listening.playlists, { id: randomUUID(), name: 'Favoritas da noite', description: 'calma \u0001 \t ok' }))
    expect(ok.statusCode, ok.body).toBe(201)
    const signUp = await callAs(ctx, null, json('POST', API.accounts.signUp, { name: 'Ana Clara', email: uniqueEmail('sem-nul'), password: 'senha-segura-1' }))
    expect(signUp.statusCode, signUp.body).toBe(201)
  })
})
