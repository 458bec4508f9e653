import { describe, expect, it, vi } from 'vitest'
import { captureVideoThumbnail, THUMBNAIL_QUALITY } from './thumbnail'

/** A stand-in <video>: events are fired by the test; currentTime writes are recorded. */
function fakeVideo(props: { duration: number; videoWidth: number; videoHeight: number }) {
  const target = new EventTarget() as EventTarget & Record<string, unknown>
  const seeks: number[] = []
  Object.assign(target, { ...props, muted: false, playsInline: false, preload: '', removeAttribute: vi.fn(), load: vi.fn() })
  Object.defineProperty(target, 'currentTime', {
    get: () => seeks.at(-1) ?? 0,
    set: (value: number) => {
      seeks.push(value)
      queueMicrotask(() => target.dispatchEvent(new Event('seeked')))
    },
  })
  Object.defineProperty(target, 'src', {
    get: () => '',
    set: () => queueMicrotask(() => target.dispatchEvent(new Event('loadedmetadata'))),
  })
  return { video: target as unknown as HTMLVideoElement, seeks }
}

function fakeCanvas() {
  const drawImage = vi.fn()
  const jpeg = new Blob(['jpeg'], { type: 'image/jpeg' })
  const canvas = {
    width: 0,
    height: 0,
    getContext: () => ({ drawImage }),
    toBlob: vi.fn((done: (blob: Blob | null) => void) => done(jpeg)),
  }
  return { canvas: canvas as unknown as HTMLCanvasElement, drawImage, jpeg, raw: canvas }
}

const urls = { createUrl: vi.fn(() => 'blob:video'), revokeUrl: vi.fn() }

describe('captureVideoThumbnail', () => {
  it('seeks to 1 s, draws the frame scaled to at most 640 px wide and encodes a JPEG at quality 0.8', async () => {
    const { video, seeks } = fakeVideo({ duration: 12, videoWidth: 1920, videoHeight: 1080 })
    const { canvas, drawImage, jpeg, raw } = fakeCanvas()
    const blob = await captureVideoThumbnail(new Blob(['x']), { createVideo: () => video, createCanvas: () => canvas, ...urls })
    expect(seeks).toEqual([1])
    expect(raw.width).toBe(640)
    expect(raw.height).toBe(360)
    expect(drawImage).toHaveBeenCalledWith(video, 0, 0, 640, 360)
    expect(raw.toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/jpeg', THUMBNAIL_QUALITY)
    expect(THUMBNAIL_QUALITY).toBe(0.8)
    expect(blob).toBe(jpeg)
    expect(urls.revokeUrl).toHaveBeenCalledWith('blob:video')
  })

  it('takes the middle frame of a video shorter than 2 s', async () => {
    const { video, seeks } = fakeVideo({ duration: 1.2, videoWidth: 320, videoHeight: 240 })
    const { canvas } = fakeCanvas()
    await captureVideoThumbnail(new Blob(['x']), { createVideo: () => video, createCanvas: () => canvas, ...urls })
    expect(seeks).toEqual([0.6])
  })

  it('gives null (upload without a thumbnail) when the browser cannot decode the file', async () => {
    const video = new EventTarget() as EventTarget & Record<string, unknown>
    Object.assign(video, { removeAttribute: vi.fn(), load: vi.fn() })
    Object.defineProperty(video, 'src', { set: () => queueMicrotask(() => video.dispatchEvent(new Event('error'))) })
    const result = await captureVideoThumbnail(new Blob(['x']), { createVideo: () => video as unknown as HTMLVideoElement, createCanvas: () => fakeCanvas().canvas, ...urls })
    expect(result).toBeNull()
  })

  it('gives null when nothing happens before the time limit', async () => {
    const video = new EventTarget() as EventTarget & Record<string, unknown>
    Object.assign(video, { removeAttribute: vi.fn(), load: vi.fn(), src: '' })
    const result = await captureVideoThumbnail(new Blob(['x']), { createVideo: () => video as unknown as HTMLVideoElement, createCanvas: () => fakeCanvas().canvas, ...urls, timeoutMs: 20 })
    expect(result).toBeNull()
  })
})
