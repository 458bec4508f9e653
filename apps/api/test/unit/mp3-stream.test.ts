/**
 * The rendered stream's exact length (lib/media/mp3-stream.ts): extra encoder bytes are dropped, a
 * shortfall of whole frames becomes silent frames once the encoder succeeded, and an encoder that
 * failed is never passed off as silence.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { ExactLengthMp3, MP3_FRAME_BYTES, mp3FramesFor, SILENT_MP3_FRAME } from '../../src/lib/media/mp3-stream.js'

async function through(chunks: Buffer[], expected: number, beforePadding?: () => Promise<void>): Promise<Buffer> {
  const out: Buffer[] = []
  await pipeline(
    Readable.from(chunks),
    new ExactLengthMp3(expected, beforePadding),
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        out.push(chunk)
        callback()
      },
    }),
  )
  return Buffer.concat(out)
}

describe('ExactLengthMp3', () => {
  it('frames: one more than the samples fill (the encoder delay), 192 bytes each', () => {
    expect(mp3FramesFor(1152)).toBe(2)
    expect(mp3FramesFor(1153)).toBe(3)
    expect(SILENT_MP3_FRAME.length).toBe(MP3_FRAME_BYTES)
    expect([...SILENT_MP3_FRAME.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x54, 0xc4])
  })

  it('drops what the encoder writes beyond the length', async () => {
    const out = await through([Buffer.alloc(500, 1), Buffer.alloc(500, 2)], 600)
    expect(out.length).toBe(600)
    expect(out[599]).toBe(2)
  })

  it('fills a shortfall of whole frames with silent frames once the encoder succeeded', async () => {
    const out = await through([Buffer.alloc(MP3_FRAME_BYTES, 7)], MP3_FRAME_BYTES * 3)
    expect(out.subarray(MP3_FRAME_BYTES, MP3_FRAME_BYTES * 2).equals(SILENT_MP3_FRAME)).toBe(true)
    expect(out.length).toBe(MP3_FRAME_BYTES * 3)
  })

  it('pads nothing when the encoder failed, and fails', async () => {
    await expect(through([Buffer.alloc(MP3_FRAME_BYTES)], MP3_FRAME_BYTES * 3, () => Promise.reject(new Error('ffmpeg terminou com código 1')))).rejects.toThrow('ffmpeg terminou')
  })

  it('refuses a cut frame', async () => {
    await expect(through([Buffer.alloc(100)], MP3_FRAME_BYTES * 2)).rejects.toThrow('quadro incompleto')
  })
})
