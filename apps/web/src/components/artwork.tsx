import { useId, type ReactNode } from 'react'
import { cn } from '../lib/cn'

/**
 * Generated cover art (docs/design.md#artwork): a calm composition — a two-hue gradient, a soft
 * sun and layered hills or waves — drawn from a seed (a field's, programme's or audio's id), so the
 * same item always has the same cover and nothing is a bare icon. Pure SVG, no request, a few
 * hundred bytes. `hue` ties an audio to its field's colour.
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

export interface ArtworkProps {
  seed: string
  /** The family's hue (a field's); by default the seed's own. */
  hue?: number
  /** 'hills' for fields and programmes, 'waves' for audios. */
  motif?: 'hills' | 'waves'
  className?: string
  /** Shown over the art (an icon); the art itself is decorative. */
  children?: ReactNode
}

export function Artwork({ seed, hue = hueOf(seed), motif = 'hills', className, children }: ArtworkProps) {
  const id = useId().replace(/:/g, '')
  const [a, b, c, d, e, f] = numbers(seed, 6) as [number, number, number, number, number, number]
  const second = (hue + 30 + Math.round(a * 40)) % 360
  const sunX = 25 + b * 50
  const sunY = 22 + c * 18
  const layers = [0, 1, 2].map((layer) => {
    const base = 62 + layer * 12
    const wave = 6 + d * 6 - layer
    const shift = e * 40 + layer * 17
    return motif === 'hills'
      ? `M0 ${base} Q ${25 + shift / 2} ${base - wave * 2} 50 ${base - wave / 2} T 100 ${base - f * 4} V100 H0Z`
      : `M0 ${base} C 20 ${base - wave} 35 ${base + wave} 50 ${base} S 80 ${base - wave * (0.5 + f)} 100 ${base} V100 H0Z`
  })
  return (
    <div className={cn('relative isolate overflow-hidden', className)}>
      <svg aria-hidden="true" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" className="absolute inset-0 -z-10 size-full">
        <defs>
          <linearGradient id={`sky-${id}`} x1="0" y1="0" x2="0.4" y2="1">
            <stop offset="0" stopColor={`hsl(${hue} 62% 30%)`} />
            <stop offset="1" stopColor={`hsl(${second} 58% 56%)`} />
          </linearGradient>
          <radialGradient id={`sun-${id}`}>
            <stop offset="0" stopColor="hsl(42 100% 86%)" stopOpacity="0.95" />
            <stop offset="1" stopColor="hsl(42 100% 86%)" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="100" height="100" fill={`url(#sky-${id})`} />
        <circle cx={sunX} cy={sunY} r="26" fill={`url(#sun-${id})`} />
        <circle cx={sunX} cy={sunY} r="7" fill="hsl(45 100% 92%)" opacity="0.9" />
        {layers.map((path, layer) => (
          <path key={layer} d={path} fill={`hsl(${(hue + layer * 12) % 360} ${48 - layer * 6}% ${22 + layer * 7}%)`} opacity={0.55 + layer * 0.15} />
        ))}
      </svg>
      {children}
    </div>
  )
}
