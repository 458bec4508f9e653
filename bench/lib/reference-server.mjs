// The ceiling for the catalogue suite: a bare Fastify server answering the same JSON bodies from
// memory (no database, no sign-in, no validation). Input: {port, routes: {path: body}}.
import Fastify from 'fastify'
import { readConfig } from './common.mjs'

const { port, routes } = readConfig()
const app = Fastify({ logger: false })
for (const [path, body] of Object.entries(routes)) {
  app.get(path, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body))
}
await app.listen({ port, host: '127.0.0.1' })
console.log('ready')
