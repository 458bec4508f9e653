import { useId, type ReactNode } from 'react'
import { coverPath, coverSrcSet } from '@sintonia/contract'
import { cn } from '../lib/cn'

/**
 * Generated cover art (docs/design.md#artwork): a calm scene — dawn over hills, a crescent over
 * the night, light on a lake, mountains in mist, or circles breathing out — drawn from a seed (a field's, programme's or audio's id), so the
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

/**
 * The scenes a cover is drawn as (docs/design.md#artwork), chosen from the family's seed: a field and
 * its audios share the scene and the colour (a family you recognise), each programme has its own,
 * and within a scene every item differs in its own details (where the light is, the ground's line).
 */
export const ARTWORK_SCENES = ['dawn', 'night', 'lake', 'peaks', 'breath'] as const
export type ArtworkScene = (typeof ARTWORK_SCENES)[number]

export function sceneKindOf(familySeed: string): ArtworkScene {
  return ARTWORK_SCENES[hash(`cena:${familySeed}`) % ARTWORK_SCENES.length]!
}

/** What a cover is drawn from: the item's id, its family (an audio's field), its motif, and its uploaded image if any. */
export interface ArtworkSource {
  seed: string
  hue?: number
  /** The seed of the family whose scene the item shares (an audio's field); by default its own. */
  family?: string
  motif?: ArtworkMotif
  cover?: string | null
}

/** An audio's cover wherever it shows: its own details, its field's scene and colour, with waves. */
export function audioArtwork(audio: { id: string; fieldId?: string; coverImage?: string | null }): ArtworkSource {
  const family = audio.fieldId ?? audio.id
  return { seed: audio.id, hue: hueOf(family), family, motif: 'waves', cover: audio.coverImage ?? null }
}

type Shape =
  | { kind: 'path'; d: string; fill: string; opacity: number }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string; opacity: number }
  | { kind: 'ring'; cx: number; cy: number; rx: number; ry: number; stroke: string; width: number; opacity: number }

/** The drawing of one cover, in a 100 × 100 box: a sky, a glow of light, then its shapes in order. */
interface Scene {
  sky: [string, string]
  glow: { x: number; y: number; r: number; color: string }
  shapes: Shape[]
}

const SUN_GLOW = 'hsl(42 100% 86%)'
const SUN_CORE = 'hsl(45 100% 92%)'
const MOON = 'hsl(48 60% 94%)'
const round = (value: number) => Math.round(value * 100) / 100

function ground(motif: ArtworkMotif, hue: number, n: number[], from = 62): Shape[] {
  const [d, e, f] = [n[3]!, n[4]!, n[5]!]
  return [0, 1, 2].map((layer) => {
    const base = from + layer * 12
    const wave = 6 + d * 6 - layer
    const shift = e * 40 + layer * 17
    const path =
      motif === 'hills'
        ? `M0 ${base} Q ${round(25 + shift / 2)} ${round(base - wave * 2)} 50 ${round(base - wave / 2)} T 100 ${round(base - f * 4)} V100 H0Z`
        : `M0 ${base} C 20 ${round(base - wave)} 35 ${round(base + wave)} 50 ${base} S 80 ${round(base - wave * (0.5 + f))} 100 ${base} V100 H0Z`
    return { kind: 'path' as const, d: path, fill: `hsl(${(hue + layer * 12) % 360} ${48 - layer * 6}% ${22 + layer * 7}%)`, opacity: 0.55 + layer * 0.15 }
  })
}

function sceneOf(seed: string, hue: number, motif: ArtworkMotif, kind: ArtworkScene): Scene {
  const n = numbers(seed, 10)
  const [a, b, c, , , , g, h, i, j] = n as [number, number, number, number, number, number, number, number, number, number]
  const second = (hue + 30 + Math.round(a * 40)) % 360
  const x = round(25 + b * 50)
  switch (kind) {
    case 'night': {
      // A crescent over the ground, a few stars: the evening practice.
      const y = round(20 + c * 14)
      const stars = Array.from({ length: 7 }, (_, k) => numbers(`${seed}:estrela:${k}`, 3) as [number, number, number]).map(([sx, sy, sr]) => ({
        kind: 'circle' as const,
        cx: round(4 + sx * 92),
        cy: round(4 + sy * 44),
        r: round(0.4 + sr * 0.7),
        fill: MOON,
        opacity: 0.8,
      }))
      return {
        sky: [`hsl(${(hue + 10) % 360} 55% 14%)`, `hsl(${second} 45% 36%)`],
        glow: { x, y, r: 22, color: MOON },
        shapes: [
          ...stars,
          { kind: 'circle', cx: x, cy: y, r: 8, fill: MOON, opacity: 0.95 },
          { kind: 'circle', cx: round(x + 3.5 + g * 2), cy: round(y - 2.5), r: 7.2, fill: `hsl(${(hue + 10) % 360} 50% 20%)`, opacity: 1 },
          ...ground(motif, hue, n, 66),
        ],
      }
    }
    case 'lake': {
      // Light low on a horizon, still water with slow ripples: the calm after the breath.
      const horizon = round(52 + c * 8)
      const rings = [0, 1, 2, 3].map((k) => ({
        kind: 'ring' as const,
        cx: round(30 + h * 40),
        cy: round(horizon + 18 + i * 10),
        rx: 8 + k * 9,
        ry: round((8 + k * 9) * 0.28),
        stroke: SUN_CORE,
        width: 0.6,
        opacity: round(0.55 - k * 0.1),
      }))
      return {
        sky: [`hsl(${hue} 55% 34%)`, `hsl(${second} 62% 64%)`],
        glow: { x, y: round(horizon - 4), r: 30, color: SUN_GLOW },
        shapes: [
          { kind: 'circle', cx: x, cy: round(horizon - 4), r: 6.5, fill: SUN_CORE, opacity: 0.9 },
          { kind: 'path', d: `M0 ${horizon} H100 V100 H0Z`, fill: `hsl(${(hue + 12) % 360} 45% 26%)`, opacity: 0.92 },
          { kind: 'path', d: `M${round(x - 5)} ${horizon} H${round(x + 5)} L${round(x + 1.5)} 100 H${round(x - 1.5)}Z`, fill: SUN_CORE, opacity: 0.18 },
          ...rings,
        ],
      }
    }
    case 'peaks': {
      // Mountains and a band of mist: steadiness.
      const peaks = [0, 1, 2].map((layer) => {
        const base = 70 + layer * 10
        const top = round(30 + layer * 12 + n[3 + layer]! * 10)
        const px = round(20 + n[6 + layer]! * 60)
        return {
          kind: 'path' as const,
          d: `M0 ${base} L${round(px * 0.5)} ${round((base + top) / 2 + 4)} L${px} ${top} L${round(px + (100 - px) * 0.45)} ${round((base + top) / 2)} L100 ${round(base - 6)} V100 H0Z`,
          fill: `hsl(${(hue + layer * 10) % 360} ${40 - layer * 5}% ${24 + layer * 8}%)`,
          opacity: 0.7 + layer * 0.1,
        }
      })
      return {
        sky: [`hsl(${hue} 50% 40%)`, `hsl(${second} 60% 72%)`],
        glow: { x, y: round(18 + c * 12), r: 24, color: SUN_GLOW },
        shapes: [
          { kind: 'circle', cx: x, cy: round(18 + c * 12), r: 6, fill: SUN_CORE, opacity: 0.85 },
          peaks[0]!,
          { kind: 'path', d: `M0 ${round(58 + j * 8)} H100 V${round(66 + j * 8)} H0Z`, fill: 'hsl(0 0% 100%)', opacity: 0.16 },
          peaks[1]!,
          peaks[2]!,
        ],
      }
    }
    case 'breath': {
      // Soft circles breathing out from one centre: attention, presence.
      const cx = round(35 + b * 30)
      const cy = round(38 + c * 24)
      return {
        sky: [`hsl(${hue} 48% 26%)`, `hsl(${second} 52% 50%)`],
        glow: { x: cx, y: cy, r: 34, color: SUN_GLOW },
        shapes: [
          ...[0, 1, 2, 3].map((k) => ({ kind: 'circle' as const, cx, cy, r: round(10 + k * (9 + g * 4)), fill: `hsl(${(second + k * 8) % 360} 70% 80%)`, opacity: round(0.2 - k * 0.035) })),
          { kind: 'circle', cx, cy, r: 5, fill: SUN_CORE, opacity: 0.9 },
          ...ground(motif, hue, n, 78).slice(1),
        ],
      }
    }
    case 'dawn':
    default:
      return {
        sky: [`hsl(${hue} 62% 30%)`, `hsl(${second} 58% 56%)`],
        glow: { x, y: round(22 + c * 18), r: 26, color: SUN_GLOW },
        shapes: [{ kind: 'circle', cx: x, cy: round(22 + c * 18), r: 7, fill: SUN_CORE, opacity: 0.9 }, ...ground(motif, hue, n)],
      }
  }
}

function shapeSvg(shape: Shape): string {
  switch (shape.kind) {
    case 'path':
      return `<path d="${shape.d}" fill="${shape.fill}" opacity="${shape.opacity}"/>`
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}" opacity="${shape.opacity}"/>`
    case 'ring':
      return `<ellipse cx="${shape.cx}" cy="${shape.cy}" rx="${shape.rx}" ry="${shape.ry}" fill="none" stroke="${shape.stroke}" stroke-width="${shape.width}" opacity="${shape.opacity}"/>`
  }
}

function ShapeElement({ shape }: { shape: Shape }) {
  switch (shape.kind) {
    case 'path':
      return <path d={shape.d} fill={shape.fill} opacity={shape.opacity} />
    case 'circle':
      return <circle cx={shape.cx} cy={shape.cy} r={shape.r} fill={shape.fill} opacity={shape.opacity} />
    case 'ring':
      return <ellipse cx={shape.cx} cy={shape.cy} rx={shape.rx} ry={shape.ry} fill="none" stroke={shape.stroke} strokeWidth={shape.width} opacity={shape.opacity} />
  }
}

/**
 * The same drawing as a standalone SVG document (for the lock screen's artwork, which takes an
 * image address rather than markup).
 */
export function artworkSvg(seed: string, hue = hueOf(seed), motif: ArtworkMotif = 'hills', family = seed): string {
  const { sky, glow, shapes } = sceneOf(seed, hue, motif, sceneKindOf(family))
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="512" height="512">',
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient>`,
    `<radialGradient id="g"><stop offset="0" stop-color="${glow.color}" stop-opacity="0.95"/><stop offset="1" stop-color="${glow.color}" stop-opacity="0"/></radialGradient></defs>`,
    '<rect width="100" height="100" fill="url(#s)"/>',
    `<circle cx="${glow.x}" cy="${glow.y}" r="${glow.r}" fill="url(#g)"/>`,
    ...shapes.map(shapeSvg),
    '</svg>',
  ].join('')
}

export interface ArtworkProps {
  seed: string
  /** The family's hue (a field's); by default the seed's own. */
  hue?: number
  /** 'hills' for fields and programmes, 'waves' for audios. */
  motif?: ArtworkMotif
  /** The seed whose scene the item shares (an audio's field); by default its own. */
  family?: string
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

export function Artwork({ seed, hue = hueOf(seed), motif = 'hills', family = seed, className, cover, sizes = '480px', eager = false, children }: ArtworkProps) {
  const id = useId().replace(/:/g, '')
  const { sky, glow, shapes } = sceneOf(seed, hue, motif, sceneKindOf(family))
  return (
    <div className={cn('relative isolate overflow-hidden', className)}>
      <svg aria-hidden="true" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 -z-10 size-full" data-scene={sceneKindOf(family)}>
        <defs>
          <linearGradient id={`sky-${id}`} x1="0" y1="0" x2="0.4" y2="1">
            <stop offset="0" stopColor={sky[0]} />
            <stop offset="1" stopColor={sky[1]} />
          </linearGradient>
          <radialGradient id={`sun-${id}`}>
            <stop offset="0" stopColor={glow.color} stopOpacity="0.95" />
            <stop offset="1" stopColor={glow.color} stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="100" height="100" fill={`url(#sky-${id})`} />
        <circle cx={glow.x} cy={glow.y} r={glow.r} fill={`url(#sun-${id})`} />
        {shapes.map((shape, index) => (
          <ShapeElement key={index} shape={shape} />
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
