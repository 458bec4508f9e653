import { coverPath } from '@sintonia/contract'
import { artworkSvg, hueOf, type ArtworkSource } from './artwork'

const drawn = new Map<string, Promise<MediaImage[]>>()

/**
 * The cover as images for the lock screen (Media Session artwork): an uploaded cover's own widths,
 * or the generated artwork drawn into a 512 px PNG (lock screens take raster images; the drawing is
 * made once per item and kept).
 */
export function artworkImages(source: ArtworkSource): Promise<MediaImage[]> {
  if (source.cover) {
    return Promise.resolve([
      { src: coverPath(source.cover, 480), sizes: '480x480', type: 'image/webp' },
      { src: coverPath(source.cover, 960), sizes: '960x960', type: 'image/webp' },
    ])
  }
  const hue = source.hue ?? hueOf(source.seed)
  const family = source.family ?? source.seed
  const key = `${source.seed}:${hue}:${source.motif ?? 'hills'}:${family}`
  let images = drawn.get(key)
  if (!images) {
    images = rasterize(artworkSvg(source.seed, hue, source.motif ?? 'hills', family))
    drawn.set(key, images)
  }
  return images
}

function rasterize(svg: string): Promise<MediaImage[]> {
  const svgUrl = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  return new Promise((resolve) => {
    if (typeof document === 'undefined' || typeof Image === 'undefined') return resolve([{ src: svgUrl, sizes: '512x512', type: 'image/svg+xml' }])
    const image = new Image()
    image.onload = () => {
      try {
        const canvas = document.createElement('canvas')
        canvas.width = canvas.height = 512
        const context = canvas.getContext('2d')
        if (!context) throw new Error('sem canvas')
        context.drawImage(image, 0, 0, 512, 512)
        resolve([{ src: canvas.toDataURL('image/png'), sizes: '512x512', type: 'image/png' }])
      } catch {
        resolve([{ src: svgUrl, sizes: '512x512', type: 'image/svg+xml' }])
      }
    }
    image.onerror = () => resolve([{ src: svgUrl, sizes: '512x512', type: 'image/svg+xml' }])
    image.src = svgUrl
  })
}
