import { useId, type ReactNode } from 'react'
import { coverPath, coverSrcSet } from '@sintonia/contract'
import { cn } from '../lib/cn'

/**
 * Generated cover art (docs/design.md#artwork): a calm composition — a two-hue gradient, a soft
 * sun and layered hills or waves — drawn from a seed (a field's, programme's or audio's id), so the
 * same item always has the same cover and nothing is a bare icon. Pure SVG, no request, a few
 * hundred bytes. `hue` ties an audio to its field's colour. An uploaded cover (`cover`, the image's
 * id) is laid over the drawing, which shows while the image loads and wherever it cannot.
 */

/** A field's or item's base hue (0–360) from its id: the same id, the same colour family. */
export function hueOf(seed: string): number {
  // The brand's own families first: violets, indigos, teals, warm rose and amber.
  const palette = [262, 248, 286, 212, 178, 338, 24, 200]
  return palette[hash(seed) % palette.length]!
}

function hash(text: string): number {
  let value = 2166136261
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 16777619)
  }
  return value >>> 0
}

/** Numbers from the seed, each in [0, 1). */
function numbers(seed: string, count: number): number[] {
  const out: number[] = []
  let state = hash(seed) || 1
  for (let i = 0; i < count; i++) {
    state ^= state << 13
    state ^= state >>> 17
    state ^= state << 5
    out.push(((state >>> 0) % 10_000) / 10_000)
  }
  return out
}

export type ArtworkMotif = 'hills' | 'waves'

/** What a cover is drawn from: the item's id, its family's hue, its motif, and its uploaded image if any. */
export interface ArtworkSource {
  seed: string
  hue?: number
  motif?: ArtworkMotif
  cover?: string | null
}

/** An audio's cover wherever it shows: drawn from its own id, in its field's colour, with waves. */
export function audioArtwork(audio: { id: string; fieldId?: string; coverImage?: string | null }): ArtworkSource {
  return { seed: audio.id, hue: hueOf(audio.fieldId ?? audio.id), motif: 'waves', cover: audio.coverImage ?? null }
}

/** The drawing of one cover: its colours and shapes, in a 100 × 100 box. */
interface Scene {
  sky: [string, string]
  sun: { x: number; y: number }
  layers: { d: string; fill: string; opacity: number }[]
}

function sceneOf(seed: string, hue: number, motif: ArtworkMotif): Scene {
  const [a, b, c, d, e, f] = numbers(seed, 6) as [number, number, number, number, number, number]
  const second = (hue + 30 + Math.round(a * 40)) % 360
  const layers = [0, 1, 2].map((layer) => {
    const base = 62 + layer * 12
    const wave = 6 + d * 6 - layer
    const shift = e * 40 + layer * 17
    const path =
      motif === 'hills'
        ? `M0 ${base} Q ${25 + shift / 2} ${base - wave * 2} 50 ${base - wave / 2} T 100 ${base - f * 4} V100 H0Z`
        : `M0 ${base} C 20 ${base - wave} 35 ${base + wave} 50 ${base} S 80 ${base - wave * (0.5 + f)} 100 ${base} V100 H0Z`
    return { d: path, fill: `hsl(${(hue + layer * 12) % 360} ${48 - layer * 6}% ${22 + layer * 7}%)`, opacity: 0.55 + layer * 0.15 }
  })
  return { sky: [`hsl(${hue} 62% 30%)`, `hsl(${second} 58% 56%)`], sun: { x: 25 + b * 50, y: 22 + c * 18 }, layers }
}

const SUN_GLOW = 'hsl(42 100% 86%)'
const SUN_CORE = 'hsl(45 100% 92%)'

/**
 * The same drawing as a standalone SVG document (for the lock screen's artwork, which takes an
 * image address rather than markup).
 */
export function artworkSvg(seed: string, hue = hueOf(seed), motif: ArtworkMotif = 'hills'): string {
  const { sky, sun, layers } = sceneOf(seed, hue, motif)
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">',
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="${SUN_GLOW}" stop-opacity="0.95"/><stop offset="1" stop-color="${SUN_GLOW}" stop-opacity="0"/></radialGradient></defs>`,
    '<rect width="100" height="100" fill="url(#s)"/>',
    `<circle cx="${sun.x}" cy="${sun.y}" r="26" fill="url(#g)"/><circle cx="${sun.x}" cy="${sun.y}" r="7" fill="${SUN_CORE}" opacity="0.9"/>`,
    ...layers.map((layer) => `<path d="${layer.d}" fill="${layer.fill}" opacity="${layer.opacity}"/>`),
    '</svg>',
  ].join('')
}

export interface ArtworkProps {
  seed: string
  /** The family's hue (a field's); by default the seed's own. */
  hue?: number
  /** 'hills' for fields and programmes, 'waves' for audios. */
  motif?: ArtworkMotif
  className?: string
  /** The uploaded cover's image id, when the item has one (docs/product/covers.md). */
  cover?: string | null
  /** How wide the cover is drawn, for the browser's pick among its widths (`sizes`). */
  sizes?: string
  /** Load the image at once (the first thing on the page) instead of when it nears the screen. */
  eager?: boolean
  /** Shown over the art (an icon); the art itself is decorative. */
  children?: ReactNode
}

export function Artwork({ seed, hue = hueOf(seed), motif = 'hills', className, cover, sizes = '480px', eager = false, children }: ArtworkProps) {
  const id = useId().replace(/:/g, '')
  const { sky, sun, layers } = sceneOf(seed, hue, motif)
  return (
    <div className={cn('relative isolate overflow-hidden', className)}>
      <svg aria-hidden="true" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 -z-10 size-full">
        <defs>
          <linearGradient id={`sky-${id}`} x1="0" y1="0" x2="0.4" y2="1">
            <stop offset="0" stopColor={sky[0]} />
            <stop offset="1" stopColor={sky[1]} />
          </linearGradient>
          <radialGradient id={`sun-${id}`}>
            <stop offset="0" stopColor={SUN_GLOW} stopOpacity="0.95" />
            <stop offset="1" stopColor={SUN_GLOW} stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="100" height="100" fill={`url(#sky-${id})`} />
        <circle cx={sun.x} cy={sun.y} r="26" fill={`url(#sun-${id})`} />
        <circle cx={sun.x} cy={sun.y} r="7" fill={SUN_CORE} opacity="0.9" />
        {layers.map((layer, index) => (
          <path key={index} d={layer.d} fill={layer.fill} opacity={layer.opacity} />
        ))}
      </svg>
      {cover && (
        <img
          src={coverPath(cover, 480)}
          srcSet={coverSrcSet(cover)}
          sizes={sizes}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
      )}
      {children}
    </div>
  )
}
