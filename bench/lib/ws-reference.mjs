// The reference for the realtime suite: a minimal `ws` server that LISTENs on the same Postgres
// channel and broadcasts each notification to every socket. Input: {port, databaseUrl, channel}.
import ws from 'ws'
import pg from 'pg'
import { readConfig } from './common.mjs'

const { port, databaseUrl, channel } = readConfig()
const server = new (ws.WebSocketServer ?? ws.Server)({ port, host: '127.0.0.1', perMessageDeflate: false })
const listener = new pg.Client({ connectionString: databaseUrl })
await listener.connect()
await listener.query(`LISTEN ${channel}`)
listener.on('notification', (message) => {
  const { name } = JSON.parse(message.payload)
  const text = JSON.stringify({ type: 'event', name })
  for (const client of server.clients) client.send(text)
})
console.log('ready')
