import { request as httpRequest } from 'node:http'
import { demoSessionVariants, SESSION_BYTES_PER_MINUTE, type Demo, type SessionManifest } from '@sintonia/contract'

/** A session's bytes a second, heard in real time. */
const REAL_TIME_BYTES_PER_SECOND = SESSION_BYTES_PER_MINUTE / 60

/**
 * Other listeners' sessions rendering on the same instance meanwhile: the public demo's two
 * hour-long variants ("sem parar", with and without music), asked as a visitor and read as a
 * player reads — ahead of real time, `pace` times as fast, never the whole hour at once. Each
 * is a real render (journeys run with nothing rendered ahead) that runs in bursts, as a
 * listener's does: a run renders three minutes past its reader, then the next one starts when the
 * reader comes within a minute of it (docs/decisions/028-sessions-rendered-in-pieces.md). Visitors
 * are held to the demo's variants, so this needs no account and meets no listener's budget.
 *
 * (Read as fast as the server renders, two such sessions kept both cores of the CI machine busy
 * for the whole journey and starved Chromium's own playback; a player does not read like that.)
 */
export async function renderLoad(baseURL: string, pace = 8): Promise<{ positions: () => number[]; stop: () => Promise<void> }> {
  const demo = (await (await fetch(`${baseURL}/api/demo`)).json()) as Demo
  if (!demo.audio) throw new Error('sem áudio de demonstração para gerar carga')
  // The variants "sem parar" (repetitions 0), with the music at its default level and without.
  const hourLong = demoSessionVariants(demo.audio.id).filter((variant) => variant.items[0]!.repetitions === 0)
  const streams: Array<{ destroy: () => void }> = []
  /** Each reader's bytes so far (its place in its session). */
  const positions = hourLong.map(() => 0)
  let stopped = false
  const readers = hourLong.map(async (variant, reader) => {
    const response = await fetch(`${baseURL}/api/sessions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(variant) })
    if (!response.ok) throw new Error(`sessão da demonstração recusada: ${response.status}`)
    const manifest = (await response.json()) as SessionManifest
    await new Promise<void>((resolve, reject) => {
      const started = Date.now()
      const sent = httpRequest(new URL(manifest.url, baseURL), (stream) => {
        if (stream.statusCode !== 200) return reject(new Error(`áudio da demonstração recusado: ${stream.statusCode}`))
        streams.push(stream)
        stream.on('data', (chunk: Buffer) => {
          positions[reader] = positions[reader]! + chunk.length
          // Ahead of the pace: stop taking bytes until real time catches up (TCP holds the rest).
          const aheadMs = (positions[reader]! / (REAL_TIME_BYTES_PER_SECOND * pace)) * 1000 - (Date.now() - started)
          if (aheadMs > 0) {
            stream.pause()
            setTimeout(() => stream.resume(), aheadMs).unref()
          }
        })
        stream.on('end', resolve)
        stream.on('error', (error) => (stopped ? resolve() : reject(error)))
        stream.on('close', () => (stopped ? resolve() : undefined))
      })
      sent.on('error', (error) => (stopped ? resolve() : reject(error)))
      sent.end()
    })
  })
  const settled = Promise.allSettled(readers)
  return {
    positions: () => [...positions],
    stop: async () => {
      stopped = true
      for (const stream of streams) stream.destroy()
      const results = await settled
      const failure = results.find((result) => result.status === 'rejected')
      if (failure) throw (failure as PromiseRejectedResult).reason
    },
  }
}
