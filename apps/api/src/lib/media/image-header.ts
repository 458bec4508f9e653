/**
 * An image's size read from its header, before anything decodes it (docs/product/covers.md): a
 * small file can declare a huge picture (a 250 KB PNG of 16000 × 16000 zero rows), and a decoder
 * allocates what the header says. The cover types only: PNG (IHDR), JPEG (the first SOFn frame
 * header), WebP (VP8, VP8L, VP8X — for VP8X the larger of the canvas and the first frame).
 * Null when the bytes are not a well-formed header of one of them.
 */
import { open } from 'node:fs/promises'

export interface ImageSize {
  width: number
  height: number
}

/** `length` bytes from `offset` (fewer at the end of the data, none past it). */
export type ReadAt = (offset: number, length: number) => Promise<Buffer>

export function bufferReader(data: Buffer): ReadAt {
  return async (offset, length) => data.subarray(offset, offset + length)
}

/** The size declared by the image file at `path`, or null. */
export async function readImageFileSize(path: string): Promise<ImageSize | null> {
  const file = await open(path, 'r')
  try {
    return await readImageSize(async (offset, length) => {
      const buffer = Buffer.alloc(length)
      const { bytesRead } = await file.read(buffer, 0, length, offset)
      return buffer.subarray(0, bytesRead)
    })
  } finally {
    await file.close()
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** The size an image declares in its header, or null when it is not a readable PNG, JPEG or WebP header. */
export async function readImageSize(read: ReadAt): Promise<ImageSize | null> {
  const head = await read(0, 32)
  if (head.length >= 24 && head.subarray(0, 8).equals(PNG_SIGNATURE)) return pngSize(head)
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return jpegSize(read)
  if (head.length >= 16 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return webpSize(read)
  return null
}

const sized = (width: number, height: number): ImageSize | null => (width > 0 && height > 0 ? { width, height } : null)

/** PNG: the first chunk is IHDR (length 13), width and height as 32-bit big-endian. */
function pngSize(head: Buffer): ImageSize | null {
  if (head.readUInt32BE(8) !== 13 || head.toString('latin1', 12, 16) !== 'IHDR') return null
  return sized(head.readUInt32BE(16), head.readUInt32BE(20))
}

/** Markers that carry a frame header: SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC). */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
/** A real JPEG reaches its frame header within a few dozen segments; a file that does not is refused. */
const MAX_JPEG_SEGMENTS = 1_000

/**
 * JPEG: segments from after SOI, each `FF <marker> <length: 16-bit>`, until the first SOFn, whose
 * header holds precision (1 byte), height and width (16-bit big-endian). Scan data (SOS) or the
 * end (EOI) before any frame header: null, as is a height of 0 (declared later by DNL).
 */
async function jpegSize(read: ReadAt): Promise<ImageSize | null> {
  let offset = 2
  for (let segments = 0; segments < MAX_JPEG_SEGMENTS; segments++) {
    const bytes = await read(offset, 9)
    if (bytes.length < 2 || bytes[0] !== 0xff) return null
    const marker = bytes[1]!
    // Fill bytes before a marker.
    if (marker === 0xff) {
      offset += 1
      continue
    }
    // Markers without a length: TEM and RST0–7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    if (marker === 0xd8 || marker === 0xd9 || marker === 0xda || bytes.length < 4) return null
    const length = bytes.readUInt16BE(2)
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      if (length < 8 || bytes.length < 9) return null
      return sized(bytes.readUInt16BE(7), bytes.readUInt16BE(5))
    }
    offset += 2 + length
  }
  return null
}

/** WebP chunks walked after the VP8X header, looking for the first frame. */
const MAX_WEBP_CHUNKS = 64

/** The frame of a 'VP8 ' (lossy) or 'VP8L' (lossless) chunk whose data starts at `at`. */
async function webpFrameSize(read: ReadAt, fourcc: string, at: number): Promise<ImageSize | null> {
  if (fourcc === 'VP8 ') {
    // Frame tag (3 bytes), start code 9D 01 2A, then 14-bit width and height (2 bits of scale above).
    const frame = await read(at, 10)
    if (frame.length < 10 || frame[3] !== 0x9d || frame[4] !== 0x01 || frame[5] !== 0x2a) return null
    return sized(frame.readUInt16LE(6) & 0x3fff, frame.readUInt16LE(8) & 0x3fff)
  }
  if (fourcc === 'VP8L') {
    // Signature 0x2F, then width − 1 and height − 1 in 14 bits each.
    const frame = await read(at, 5)
    if (frame.length < 5 || frame[0] !== 0x2f) return null
    const bits = frame.readUInt32LE(1)
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  return null
}

/**
 * WebP: `RIFF <size> WEBP` then the first chunk. VP8 and VP8L carry the frame's size; VP8X the
 * canvas's (24-bit width − 1 and height − 1) — and since a decoder also allocates the frame it
 * finds further on, the larger of each side counts.
 */
async function webpSize(read: ReadAt): Promise<ImageSize | null> {
  const first = await read(12, 20)
  if (first.length < 8) return null
  const fourcc = first.toString('latin1', 0, 4)
  if (fourcc !== 'VP8X') return webpFrameSize(read, fourcc, 20)
  if (first.length < 18) return null
  const canvas = sized(first.readUIntLE(12, 3) + 1, first.readUIntLE(15, 3) + 1)
  if (!canvas) return null
  const vp8xSize = first.readUInt32LE(4)
  let offset = 20 + vp8xSize + (vp8xSize % 2)
  for (let chunks = 0; chunks < MAX_WEBP_CHUNKS; chunks++) {
    const header = await read(offset, 8)
    if (header.length < 8) break
    const name = header.toString('latin1', 0, 4)
    if (name === 'VP8 ' || name === 'VP8L') {
      const frame = await webpFrameSize(read, name, offset + 8)
      if (!frame) return null
      return { width: Math.max(canvas.width, frame.width), height: Math.max(canvas.height, frame.height) }
    }
    // Chunks are padded to an even length.
    const size = header.readUInt32LE(4)
    offset += 8 + size + (size % 2)
  }
  return canvas
}
