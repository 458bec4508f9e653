/** The thumbnail is the frame at 1 s, as a JPEG of quality 0.8 (docs/product/admin.md#videos-adminlanding-videos). */
export const THUMBNAIL_TIME_SECONDS = 1
export const THUMBNAIL_QUALITY = 0.8
const THUMBNAIL_MAX_WIDTH = 640
const THUMBNAIL_TIMEOUT_MS = 10_000

export interface ThumbnailDeps {
  createVideo: () => HTMLVideoElement
  createCanvas: () => HTMLCanvasElement
  createUrl: (file: Blob) => string
  revokeUrl: (url: string) => void
  timeoutMs: number
}

const browserDeps = (): ThumbnailDeps => ({
  createVideo: () => document.createElement('video'),
  createCanvas: () => document.createElement('canvas'),
  createUrl: (file) => URL.createObjectURL(file),
  revokeUrl: (url) => URL.revokeObjectURL(url),
  timeoutMs: THUMBNAIL_TIMEOUT_MS,
})

/**
 * Draws the frame at 1 s (or the middle of a shorter video) of a chosen video file into a JPEG,
 * in the admin's browser. Resolves null when the browser cannot decode the file (e.g. an AVI): the
 * upload then goes without a thumbnail rather than failing.
 */
export function captureVideoThumbnail(file: Blob, deps: Partial<ThumbnailDeps> = {}): Promise<Blob | null> {
  const { createVideo, createCanvas, createUrl, revokeUrl, timeoutMs } = { ...browserDeps(), ...deps }
  return new Promise((resolve) => {
    const video = createVideo()
    const url = createUrl(file)
    let settled = false
    const finish = (result: Blob | null) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      video.removeAttribute('src')
      video.load?.()
      revokeUrl(url)
      resolve(result)
    }
    const timer = setTimeout(() => finish(null), timeoutMs)
    video.muted = true
    video.playsInline = true
    video.preload = 'auto'
    video.addEventListener('error', () => finish(null))
    video.addEventListener('loadedmetadata', () => {
      const duration = Number.isFinite(video.duration) ? video.duration : THUMBNAIL_TIME_SECONDS
      video.currentTime = Math.min(THUMBNAIL_TIME_SECONDS, duration / 2)
    })
    video.addEventListener('seeked', () => {
      const width = video.videoWidth
      const height = video.videoHeight
      if (!width || !height) return finish(null)
      const scale = Math.min(1, THUMBNAIL_MAX_WIDTH / width)
      const canvas = createCanvas()
      canvas.width = Math.round(width * scale)
      canvas.height = Math.round(height * scale)
      const context = canvas.getContext('2d')
      if (!context) return finish(null)
      try {
        context.drawImage(video, 0, 0, canvas.width, canvas.height)
        canvas.toBlob((blob) => finish(blob), 'image/jpeg', THUMBNAIL_QUALITY)
      } catch {
        finish(null)
      }
    })
    video.src = url
  })
}
