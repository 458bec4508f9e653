import type { Demo, SessionManifest } from '@sintonia/contract'

/**
 * Other listeners' sessions rendering on the same instance meanwhile: the public demo's two
 * hour-long variants ("sem parar", with and without music), asked as a visitor and read as fast
 * as the server renders them. Visitors are held to the demo's variants, so this needs no account
 * and meets no listener's budget; under `NODE_ENV=test` nothing is rendered ahead, so each is a
 * real render for as long as it is read.
 */
export async function renderLoad(baseURL: string): Promise<{ received: () => number; stop: () => Promise<void> }> {
  const demo = (await (await fetch(`${baseURL}/api/demo`)).json()) as Demo
  if (!demo.audio) throw new Error('sem áudio de demonstração para gerar carga')
  const stop = new AbortController()
  let received = 0
  const readers = [25, 0].map(async (musicLevel) => {
    const response = await fetch(`${baseURL}/api/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ audioId: demo.audio!.id, repetitions: 0 }], pauseSeconds: 0, music: 'auto', musicLevel, endAtSeconds: null }),
    })
    if (!response.ok) throw new Error(`sessão da demonstração recusada: ${response.status}`)
    const manifest = (await response.json()) as SessionManifest
    const stream = await fetch(`${baseURL}${manifest.url}`, { signal: stop.signal })
    if (!stream.ok || !stream.body) throw new Error(`áudio da demonstração recusado: ${stream.status}`)
    const reader = stream.body.getReader()
    for (let part = await reader.read(); !part.done; part = await reader.read()) received += part.value.length
  })
  const settled = Promise.allSettled(readers)
  return {
    received: () => received,
    stop: async () => {
      stop.abort()
      const results = await settled
      const failure = results.find((result) => result.status === 'rejected' && (result.reason as Error).name !== 'AbortError')
      if (failure) throw (failure as PromiseRejectedResult).reason
    },
  }
}
