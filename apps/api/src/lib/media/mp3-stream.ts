import { Transform, type TransformCallback } from 'node:stream'
import { SESSION_BITRATE_KBPS, SESSION_CHANNELS, SESSION_SAMPLE_RATE } from '@sintonia/contract'

/**
 * The shape of a rendered session's MP3 (docs/decisions/019-rendered-sessions-ffmpeg.md,
 * docs/decisions/034-session-sound-quality.md): MPEG-1 Layer III, the contract's one format (48 kHz,
 * SESSION_BITRATE_KBPS constant, SESSION_CHANNELS), no ID3 or Xing header. At 48 kHz a frame is
 * 144 × bit rate / 48,000 bytes — a whole number at every MPEG-1 bit rate, so no padding byte is
 * ever needed and every frame has the same size: the stream's byte length is known before the
 * first byte is encoded, and the API can answer Range requests, with Content-Length, while ffmpeg
 * is still producing the file. Everything below is derived from the contract's constants.
 */
export const MP3_SAMPLES_PER_FRAME = 1152

/** MPEG-1 Layer III bit rates (kbit/s) by their header index; index 0 (free format) is not used. */
const BITRATES_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320] as const
/** MPEG-1 sample rates by their header index. */
const SAMPLE_RATES = [44_100, 48_000, 32_000] as const
/** Channel modes (header bits 7–6 of the fourth byte). */
const MODES = { stereo: 0, jointStereo: 1, dualChannel: 2, mono: 3 } as const

export interface Mp3Format {
  bitrateKbps: number
  sampleRate: number
  channels: 1 | 2
}

export const SESSION_MP3_FORMAT: Mp3Format = {
  bitrateKbps: SESSION_BITRATE_KBPS,
  sampleRate: SESSION_SAMPLE_RATE,
  channels: SESSION_CHANNELS,
}

/** Bytes of one frame without padding, which must be a whole number for the stream's arithmetic. */
export function mp3FrameBytes({ bitrateKbps, sampleRate }: Mp3Format): number {
  const bytes = (MP3_SAMPLES_PER_FRAME / 8) * ((bitrateKbps * 1000) / sampleRate)
  if (!Number.isInteger(bytes)) throw new Error(`${bitrateKbps} kbit/s a ${sampleRate} Hz não dá quadros de tamanho fixo`)
  return bytes
}

export const MP3_FRAME_BYTES = mp3FrameBytes(SESSION_MP3_FORMAT)

/** Frames the encoder writes for `samples` of input (LAME adds one frame of delay and flush). */
export function mp3FramesFor(samples: number): number {
  return Math.ceil(samples / MP3_SAMPLES_PER_FRAME) + 1
}

/**
 * The four header bytes of a frame of `format`: MPEG-1, Layer III, no CRC, no padding, not
 * private, original. Two channels are written as joint stereo, the mode LAME encodes them in (a
 * frame that uses neither mid/side nor intensity, as a silent one, is plain stereo to a decoder).
 */
export function mp3FrameHeader(format: Mp3Format): Buffer {
  const bitrateIndex = BITRATES_KBPS.indexOf(format.bitrateKbps as (typeof BITRATES_KBPS)[number])
  const rateIndex = SAMPLE_RATES.indexOf(format.sampleRate as (typeof SAMPLE_RATES)[number])
  if (bitrateIndex <= 0 || rateIndex < 0) throw new Error(`formato MP3 sem cabeçalho MPEG-1: ${format.bitrateKbps} kbit/s, ${format.sampleRate} Hz`)
  const mode = format.channels === 1 ? MODES.mono : MODES.jointStereo
  return Buffer.from([0xff, 0xfb, (bitrateIndex << 4) | (rateIndex << 2), (mode << 6) | 0x04])
}

/** What a frame header says (MPEG-1 Layer III only), or null when these bytes are not one. */
export function readMp3FrameHeader(head: Buffer): (Mp3Format & { mode: keyof typeof MODES }) | null {
  if (head.length < 4 || head[0] !== 0xff || (head[1]! & 0xfe) !== 0xfa) return null
  const bitrateKbps = BITRATES_KBPS[head[2]! >> 4]
  const sampleRate = SAMPLE_RATES[(head[2]! >> 2) & 0x03]
  if (!bitrateKbps || !sampleRate) return null
  const modeBits = head[3]! >> 6
  const mode = (Object.keys(MODES) as Array<keyof typeof MODES>).find((name) => MODES[name] === modeBits)!
  return { bitrateKbps, sampleRate, channels: mode === 'mono' ? 1 : 2, mode }
}

/**
 * One silent frame of the session's format: the header and a side information of zeros (no main
 * data), which every decoder plays as silence.
 */
export const SILENT_MP3_FRAME: Buffer = (() => {
  const frame = Buffer.alloc(MP3_FRAME_BYTES)
  mp3FrameHeader(SESSION_MP3_FORMAT).copy(frame)
  return frame
})()

/**
 * Passes the encoder's output through and makes it exactly `expectedBytes` long: what the encoder
 * writes beyond is dropped, a shortfall of whole frames is filled with silent frames. Anything
 * else (a cut frame) fails the stream.
 */
export class ExactLengthMp3 extends Transform {
  private written = 0

  /**
   * `beforePadding` resolves once the encoder is known to have succeeded (it rejects otherwise):
   * an encoder that failed must not have its missing frames passed off as silence.
   */
  constructor(
    private readonly expectedBytes: number,
    private readonly beforePadding: () => Promise<void> = async () => {},
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const room = this.expectedBytes - this.written
    if (room <= 0) return callback()
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk
    this.written += part.length
    callback(null, part)
  }

  override _flush(callback: TransformCallback): void {
    const missing = this.expectedBytes - this.written
    if (missing === 0) return callback()
    this.beforePadding().then(
      () => {
        if (missing % MP3_FRAME_BYTES !== 0) return callback(new Error(`MP3 com ${missing} bytes faltando (quadro incompleto)`))
        for (let i = 0; i < missing / MP3_FRAME_BYTES; i++) this.push(SILENT_MP3_FRAME)
        this.written = this.expectedBytes
        callback()
      },
      (error: Error) => callback(error),
    )
  }
}
