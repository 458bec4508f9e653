import { Transform, type TransformCallback } from 'node:stream'

/**
 * The shape of a rendered session's MP3 (docs/decisions/019-rendered-sessions-ffmpeg.md): MPEG-1
 * Layer III, mono, 48 kHz, 64 kbit/s constant, no ID3 or Xing header. At 48 kHz and 64 kbit/s
 * every frame is exactly 144 × 64000 / 48000 = 192 bytes (no padding byte is ever needed), so the
 * stream's byte length is known before the first byte is encoded: the API can answer Range
 * requests, with Content-Length, while ffmpeg is still producing the file.
 */
export const MP3_FRAME_BYTES = 192
export const MP3_SAMPLES_PER_FRAME = 1152

/** Frames the encoder writes for `samples` of input (LAME adds one frame of delay and flush). */
export function mp3FramesFor(samples: number): number {
  return Math.ceil(samples / MP3_SAMPLES_PER_FRAME) + 1
}

/**
 * One silent frame of that format: the header (MPEG-1 Layer III, no CRC, 64 kbit/s, 48 kHz, mono)
 * and a side information of zeros (no main data), which every decoder plays as silence.
 */
export const SILENT_MP3_FRAME: Buffer = (() => {
  const frame = Buffer.alloc(MP3_FRAME_BYTES)
  frame[0] = 0xff
  frame[1] = 0xfb // MPEG-1, Layer III, no CRC
  frame[2] = 0x54 // bitrate index 5 (64 kbit/s), sample rate 48 kHz, no padding
  frame[3] = 0xc4 // mono, original
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
