/**
 * Test helpers (imported only by *.test.ts files).
 *
 * jsdom's Blob does not survive the structured clone fake-indexeddb uses (it comes back as `{}`),
 * while Node's Blob does — so tests swap the global Blob for Node's, taken from a fetch Response
 * (no `node:` import, which the web lint rules forbid).
 */
import { vi } from 'vitest'
import type { OfflineAudioRecord } from '../lib/audio-cache-db'

export async function useNodeBlob(): Promise<void> {
  const NodeBlob = (await new Response('').blob()).constructor as typeof Blob
  vi.stubGlobal('Blob', NodeBlob)
}

export function makeRecord(id: string, size: number, lastAccessedAt: number): OfflineAudioRecord {
  return {
    id,
    title: `Áudio ${id}`,
    fieldId: 'campo-1',
    audioBlob: new Blob([new Uint8Array(size)], { type: 'audio/mpeg' }),
    metadata: { duration: '10:00', size, url: `/api/audios/${id}/stream` },
    downloadedAt: lastAccessedAt,
    lastAccessedAt,
  }
}

export interface FakeBody {
  /** Pushes a chunk of `n` bytes. */
  push(n: number): void
  close(): void
  error(err?: unknown): void
}

/** A Response-like object with a ReadableStream body you feed by hand. */
export function streamResponse(
  init: { headers?: Record<string, string>; ok?: boolean; status?: number; statusText?: string } = {},
): { response: Response; body: FakeBody } {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c
    },
  })
  const response = {
    ok: init.ok ?? true,
    status: init.status ?? 200,
    statusText: init.statusText ?? 'OK',
    headers: new Headers(init.headers ?? {}),
    body: stream,
  } as unknown as Response
  return {
    response,
    body: {
      push: (n) => controller.enqueue(new Uint8Array(n)),
      close: () => controller.close(),
      error: (err) => controller.error(err ?? new Error('boom')),
    },
  }
}

/** A response whose body is already complete, in chunks of the given sizes. */
export function chunkedResponse(chunks: number[], headers: Record<string, string> = {}): Response {
  const { response, body } = streamResponse({ headers })
  for (const n of chunks) body.push(n)
  body.close()
  return response
}
