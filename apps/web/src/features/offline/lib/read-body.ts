/**
 * Reads a response's body into a Blob, telling how many bytes arrived after each chunk (the
 * download bars of the voice copy and of the session). The body must be there.
 */
export async function readBody(body: ReadableStream<Uint8Array>, type: string, onBytes: (received: number) => void): Promise<Blob> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let received = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    chunks.push(value)
    received += value.byteLength
    onBytes(received)
  }
  return new Blob(chunks as BlobPart[], { type })
}
