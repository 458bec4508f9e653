// WebSocket clients on the client core: opens N sockets, prints {"ready":true}, then records the
// wall-clock time every socket receives each content event, and prints them when `events` arrived
// everywhere (or after timeoutMs). Input: {url, origin, clients, events, timeoutMs}.
import WebSocket from 'ws'
import { readConfig } from './common.mjs'

const config = readConfig()
const now = () => performance.timeOrigin + performance.now()
const received = Array.from({ length: config.events }, () => [])
let done = 0
const sockets = []

let finished = false
function finish() {
  if (finished) return
  finished = true
  for (const socket of sockets) socket.terminate()
  // Exit only once the (large) line is flushed: process.exit would cut a piped stdout short.
  process.stdout.write(JSON.stringify({ received }) + '\n', () => process.exit(0))
}

await new Promise((resolve, reject) => {
  let open = 0
  for (let i = 0; i < config.clients; i++) {
    const socket = new WebSocket(config.url, { headers: { origin: config.origin }, perMessageDeflate: false })
    sockets.push(socket)
    let seen = 0
    socket.on('open', () => {
      open += 1
      if (open === config.clients) resolve()
    })
    socket.on('message', (data) => {
      const at = now()
      const message = JSON.parse(data.toString())
      if (message.type !== 'event') return
      if (seen < config.events) received[seen].push(at)
      seen += 1
      if (seen === config.events) {
        done += 1
        if (done === config.clients) finish()
      }
    })
    socket.on('error', reject)
  }
})
console.log(JSON.stringify({ ready: true }))
setTimeout(finish, config.timeoutMs)
