/**
 * A journey server's mailbox: a local SMTP server that the server delivers to (SMTP_URL), with the
 * received messages readable over HTTP by the tests:
 *   GET http://127.0.0.1:<httpPort>/messages  →  [{ raw }]
 * Started by the run's global setup, one per worker's server (e2e/support/global-setup.ts).
 */
import { createServer } from 'node:http'
import { fakeSmtpServer } from '../../apps/api/test/support/fake-smtp.js'

export async function startMailSink(smtpPort: number, httpPort: number): Promise<{ stop(): Promise<void> }> {
  const smtp = await fakeSmtpServer({ port: smtpPort })
  const http = createServer((request, response) => {
    if (request.url?.startsWith('/messages')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify(smtp.messages.map((raw) => ({ raw }))))
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject)
    http.listen(httpPort, '127.0.0.1', resolve)
  })
  return {
    async stop() {
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await smtp.close()
    },
  }
}
