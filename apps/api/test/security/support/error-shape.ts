import type { LightMyRequestResponse } from 'fastify'

/**
 * Words that betray a library's English message or an internal detail leaking to the client.
 * Every refusal must speak pt-BR to the person and say nothing about the server's insides.
 */
const LEAK_MARKERS = [
  /\bexpected\b/i,
  /\bmust\b/i,
  /\brequired\b/i,
  /\binvalid input\b/i,
  /\bunexpected token\b/i,
  /\bis not valid\b/i,
  /\bshould\b/i,
  /\bbody\/|querystring\/|params\//i,
  /\bat [\w.<>]+ \(.*:\d+:\d+\)/, // stack frame
  /node_modules|\/src\/|\.ts:\d+/,
  /\b(select|insert|update|delete)\b.*\b(from|into|set)\b/i, // SQL text
  /\bSyntaxError|TypeError|ReferenceError\b/,
]

/** Why this 4xx answer is not a clean pt-BR refusal, or null when it is. */
export function problemWithRefusal(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`
  if (res.statusCode < 400) return `status ${res.statusCode} (esperava 4xx)`
  if (res.statusCode === 405 || res.statusCode === 404) {
    // A 404/405 from the router carries the same JSON shape; check it like any other.
  }
  let body: unknown
  try {
    body = res.json()
  } catch {
    return `corpo não é JSON: ${res.body.slice(0, 200)}`
  }
  if (typeof body !== 'object' || body === null) return 'corpo não é um objeto'
  const record = body as Record<string, unknown>
  if (typeof record.message !== 'string' || record.message.trim() === '') return 'sem mensagem'
  if ('stack' in record) return 'traz stack'
  const text = JSON.stringify(record)
  const leak = LEAK_MARKERS.find((marker) => marker.test(text))
  return leak ? `mensagem vaza detalhe/inglês (${leak}): ${text.slice(0, 300)}` : null
}
