import { createServer } from 'node:net'

/** Just enough of an SMTP server to accept (or refuse) messages on localhost. */
export async function fakeSmtpServer(options: { rejectRecipient?: string; port?: number } = {}) {
  const messages: string[] = []
  const server = createServer((socket) => {
    let buffer = ''
    let data: string[] | null = null
    socket.write('220 fake.local ESMTP\r\n')
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8')
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'))
            data = null
            socket.write('250 2.0.0 queued\r\n')
          } else data.push(line)
          continue
        }
        const command = line.slice(0, 4).toUpperCase()
        if (command === 'EHLO' || command === 'HELO') socket.write('250 fake.local\r\n')
        else if (command === 'RCPT' && options.rejectRecipient && line.includes(options.rejectRecipient)) {
          socket.write('550 5.1.1 Caixa postal inexistente\r\n')
        } else if (command === 'MAIL' || command === 'RCPT' || command === 'RSET' || command === 'NOOP') socket.write('250 OK\r\n')
        else if (command === 'DATA') {
          data = []
          socket.write('354 go ahead\r\n')
        } else if (command === 'QUIT') socket.end('221 bye\r\n')
        else socket.write('502 5.5.2 command unrecognized\r\n')
      }
    })
    socket.on('error', () => undefined)
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

