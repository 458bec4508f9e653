/**
 * The rendered stream's exact length (lib/media/mp3-stream.ts): extra encoder bytes are dropped, a
 * shortfall of whole frames becomes silent frames once the encoder succeeded, and an encoder that
 * failed is never passed off as silence. The frame's header and size follow the contract's format.
 */
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { SESSION_BITRATE_KBPS, SESSION_BYTES_PER_MINUTE, SESSION_SAMPLE_RATE } from '@sintonia/contract'
import {
  ExactLengthMp3,
  MP3_FRAME_BYTES,
  MP3_SAMPLES_PER_FRAME,
  mp3FrameBytes,
  mp3FrameHeader,
  mp3FramesFor,
  readMp3FrameHeader,
  SILENT_MP3_FRAME,
} from '../../src/lib/media/mp3-stream.js'
import { decodeChannels } from '../helpers/sessions.js'

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
  it('frames: one more than the samples fill (the encoder delay), 384 bytes each (128 kbit/s at 48 kHz, ADR 034)', () => {
    expect(mp3FramesFor(1152)).toBe(2)
    expect(mp3FramesFor(1153)).toBe(3)
    expect(MP3_FRAME_BYTES).toBe(384)
    expect(MP3_FRAME_BYTES * (SESSION_SAMPLE_RATE / MP3_SAMPLES_PER_FRAME) * 60).toBe(SESSION_BYTES_PER_MINUTE)
    expect(SILENT_MP3_FRAME.length).toBe(MP3_FRAME_BYTES)
    // MPEG-1 Layer III, no CRC; bit rate index 9 (128 kbit/s), 48 kHz, no padding; joint stereo, original.
    expect([...SILENT_MP3_FRAME.subarray(0, 4)]).toEqual([0xff, 0xfb, 0x94, 0x44])
    expect(readMp3FrameHeader(SILENT_MP3_FRAME)).toEqual({ bitrateKbps: SESSION_BITRATE_KBPS, sampleRate: SESSION_SAMPLE_RATE, channels: 2, mode: 'jointStereo' })
  })

  it('derives the header and the frame size from a format, and refuses one without fixed-size frames', () => {
    // The format before ADR 034: 64 kbit/s mono, 192-byte frames.
    const before = { bitrateKbps: 64, sampleRate: 48_000, channels: 1 } as const
    expect([...mp3FrameHeader(before)]).toEqual([0xff, 0xfb, 0x54, 0xc4])
    expect(mp3FrameBytes(before)).toBe(192)
    expect(readMp3FrameHeader(mp3FrameHeader(before))).toEqual({ ...before, mode: 'mono' })
    expect(() => mp3FrameBytes({ bitrateKbps: 128, sampleRate: 44_100, channels: 2 })).toThrow('tamanho fixo')
    expect(() => mp3FrameHeader({ bitrateKbps: 100, sampleRate: 48_000, channels: 2 })).toThrow('sem cabeçalho')
    expect(readMp3FrameHeader(Buffer.from([0x49, 0x44, 0x33, 0x04]))).toBeNull()
  })

  it('silent frames decode as silence in both channels, one frame of samples each', async () => {
    const [left, right, ...others] = await decodeChannels(Buffer.concat(Array.from({ length: 40 }, () => SILENT_MP3_FRAME)))
    expect(others).toEqual([])
    // The decoder may hold back its first frame (its own delay): the rest is there, all silent.
    expect(left!.length).toBeGreaterThanOrEqual(39 * MP3_SAMPLES_PER_FRAME)
    expect(left!.length).toBeLessThanOrEqual(40 * MP3_SAMPLES_PER_FRAME)
    expect(right!.length).toBe(left!.length)
    expect(left!.every((sample) => sample === 0) && right!.every((sample) => sample === 0)).toBe(true)
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
