import { describe, expect, it } from 'vitest'
import { videoFileProblem } from './video-forms'

const file = (type: string, size: number) => new File([new Uint8Array(Math.min(size, 16))], 'v', { type }) as File & { size: number }
const sized = (type: string, size: number) => Object.defineProperty(file(type, size), 'size', { value: size })

describe('videoFileProblem (video upload type and size)', () => {
  it('accepts the five video types up to 50 MB', () => {
    for (const type of ['video/mp4', 'video/mpeg', 'video/quicktime', 'video/x-msvideo', 'video/webm']) expect(videoFileProblem(sized(type, 50 * 1024 * 1024))).toBeNull()
  })

  it('refuses other types and bigger files with the product’s messages', () => {
    expect(videoFileProblem(sized('image/svg+xml', 10))).toBe('Formato de vídeo não suportado. Use MP4, MPEG, MOV, AVI ou WebM.')
    expect(videoFileProblem(sized('video/mp4', 52_428_801 + 1024 * 1024))).toBe('Arquivo muito grande. Tamanho máximo: 50MB. Tamanho atual: 51.00MB')
  })
})
