/**
 * File types recognised by their first bytes (magic numbers), never by the name or the type the
 * browser declares: an SVG or HTML page renamed '.mp3' is refused. Each result carries the MIME
 * type we serve it with and the extension of the generated storage key.
 */
export interface SniffedType {
  mime: string
  ext: string
}

/** How many leading bytes the sniffers need. */
export const SNIFF_BYTES = 64

const ascii = (head: Buffer, offset: number, text: string) =>
  head.length >= offset + text.length && head.toString('latin1', offset, offset + text.length) === text

/** ISO base media (MP4/M4A/MOV): 'ftyp' at byte 4, the major brand after it. */
function isoBrand(head: Buffer): string | null {
  return ascii(head, 4, 'ftyp') && head.length >= 12 ? head.toString('latin1', 8, 12) : null
}

const isEbml = (head: Buffer) => head.length >= 4 && head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3

/** MPEG audio frame sync (11 bits set) with a real layer (not 00, which is AAC's ADTS). */
function isMpegAudioFrame(head: Buffer): boolean {
  const [b0, b1] = [head[0], head[1]]
  if (b0 !== 0xff || b1 === undefined || (b1 & 0xe0) !== 0xe0) return false
  const layer = (b1 >> 1) & 0x03
  const version = (b1 >> 3) & 0x03
  return layer !== 0 && version !== 1
}

function isAdts(head: Buffer): boolean {
  const [b0, b1] = [head[0], head[1]]
  return b0 === 0xff && b1 !== undefined && (b1 & 0xf6) === 0xf0
}

const AUDIO_ISO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'mp42', 'mp41', 'isom', 'iso2', 'dash'])

export function sniffAudio(head: Buffer): SniffedType | null {
  if (ascii(head, 0, 'ID3') || isMpegAudioFrame(head)) return { mime: 'audio/mpeg', ext: 'mp3' }
  if (ascii(head, 0, 'OggS')) return { mime: 'audio/ogg', ext: 'ogg' }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { mime: 'audio/wav', ext: 'wav' }
  if (ascii(head, 0, 'fLaC')) return { mime: 'audio/flac', ext: 'flac' }
  if (isAdts(head)) return { mime: 'audio/aac', ext: 'aac' }
  if (isEbml(head)) return { mime: 'audio/webm', ext: 'webm' }
  const brand = isoBrand(head)
  // Generic MP4 brands may hold video; music-metadata must then still find an audio duration.
  if (brand && AUDIO_ISO_BRANDS.has(brand)) return { mime: 'audio/mp4', ext: 'm4a' }
  return null
}

/** The video types an admin may upload: MP4, MPEG, MOV (QuickTime), AVI, WebM. */
export function sniffVideo(head: Buffer): SniffedType | null {
  const brand = isoBrand(head)
  if (brand === 'qt  ') return { mime: 'video/quicktime', ext: 'mov' }
  if (brand && !brand.startsWith('M4A') && !brand.startsWith('M4B')) return { mime: 'video/mp4', ext: 'mp4' }
  if (isEbml(head)) return { mime: 'video/webm', ext: 'webm' }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { mime: 'video/x-msvideo', ext: 'avi' }
  // MPEG program stream pack header or a video sequence header.
  if (head.length >= 4 && head[0] === 0 && head[1] === 0 && head[2] === 1 && (head[3] === 0xba || head[3] === 0xb3)) {
    return { mime: 'video/mpeg', ext: 'mpeg' }
  }
  return null
}

export function sniffImage(head: Buffer): SniffedType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' }
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { mime: 'image/png', ext: 'png' }
  }
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { mime: 'image/webp', ext: 'webp' }
  return null
}
