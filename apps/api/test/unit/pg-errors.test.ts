import { createServer, type AddressInfo, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DrizzleQueryError } from 'drizzle-orm/errors'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { isDatabaseUnavailable, isInvalidInputData, isUniqueViolation, loggableError } from '../../src/lib/pg-errors.js'

const driverError = (code: string, message = 'falha') => Object.assign(new Error(message), { code })

describe('isDatabaseUnavailable', () => {
  it('sees a refused connection behind Drizzle’s query wrapper', () => {
    const wrapped = new DrizzleQueryError('select 1', [], driverError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'))
    expect(isDatabaseUnavailable(wrapped)).toBe(true)
  })

  it('recognises an administrator shutdown and connection-class SQLSTATEs', () => {
    expect(isDatabaseUnavailable(driverError('57P01'))).toBe(true)
    expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], driverError('08006')))).toBe(true)
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true)
  })

  it('sees a connection the pool could not give in time as an outage, from the real driver', async () => {
    // A server that accepts and never answers: the first query's connection times out, and the
    // second, waiting for the pool's only connection, gives up ("timeout exceeded when trying to
    // connect") — what a crowd met in the sessions bench, answered 500 before.
    const sockets: Socket[] = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const pool = new pg.Pool({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port, user: 'x', database: 'x', max: 1, connectionTimeoutMillis: 200 })
    try {
      const db = drizzle(pool)
      const [connecting, waiting] = await Promise.all([db.execute(sql`select 1`).catch((error: unknown) => error), db.execute(sql`select 1`).catch((error: unknown) => error)])
      expect(String((waiting as Error).cause)).toContain('timeout exceeded when trying to connect')
      expect(isDatabaseUnavailable(connecting)).toBe(true)
      expect(isDatabaseUnavailable(waiting)).toBe(true)
    } finally {
      for (const socket of sockets) socket.destroy()
      silent.close()
      await pool.end().catch(() => {})
    }
  })

  it('does not mistake a constraint violation for an outage', () => {
    const unique = new DrizzleQueryError('insert', ['a@b.c'], driverError('23505'))
    expect(isDatabaseUnavailable(unique)).toBe(false)
    expect(isUniqueViolation(unique)).toBe(true)
  })
})

describe('isInvalidInputData', () => {
  it('recognises data exceptions (class 22) behind the wrapper, such as a NUL byte in text', () => {
    expect(isInvalidInputData(new DrizzleQueryError('update fields', ['a\u0000b'], driverError('22021')))).toBe(true)
    expect(isInvalidInputData(driverError('22P02'))).toBe(true)
    expect(isInvalidInputData(driverError('22003'))).toBe(true)
  })

  it('leaves other failures alone', () => {
    expect(isInvalidInputData(driverError('23505'))).toBe(false)
    expect(isInvalidInputData(driverError('08006'))).toBe(false)
    expect(isInvalidInputData(new Error('qualquer'))).toBe(false)
  })
})

describe('loggableError', () => {
  it('keeps the SQL and the driver code but drops the query parameters', () => {
    const wrapped = new DrizzleQueryError(
      'insert into leads (name, email) values ($1, $2)',
      ['Maria Silva', 'maria@exemplo.com'],
      driverError('23505', 'duplicate key value violates unique constraint "leads_email_unique_idx"'),
    )
    const logged = JSON.stringify(loggableError(wrapped))
    expect(logged).toContain('insert into leads')
    expect(logged).toContain('23505')
    expect(logged).not.toContain('maria@exemplo.com')
    expect(logged).not.toContain('Maria Silva')
  })
})
