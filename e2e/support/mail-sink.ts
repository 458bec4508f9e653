/**
 * The journeys' mailbox: a local SMTP server that the web server of the run delivers to
 * (SMTP_URL), with the received messages readable over HTTP by the tests:
 *   GET http://127.0.0.1:<httpPort>/messages  →  [{ raw }]
 *   node --import tsx e2e/support/mail-sink.ts <smtpPort> <httpPort>
 */
import { createServer } from 'node:http'
import { fakeSmtpServer } from '../../apps/api/test/support/fake-smtp.js'

const [smtpPort, httpPort] = process.argv.slice(2).map(Number)
const smtp = await fakeSmtpServer({ port: smtpPort })
const http = createServer((request, response) => {
  if (request.url?.startsWith('/messages')) {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(smtp.messages.map((raw) => ({ raw }))))
    return
  }
  response.writeHead(404).end()
})
http.listen(httpPort, '127.0.0.1')
const stop = () => {
  http.close()
  void smtp.close().then(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
