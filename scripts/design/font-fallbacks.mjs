// Prints the metric overrides of the fallback faces in apps/web/src/styles.css
// (docs/design.md#type): a system font resized and re-aligned to the brand font's metrics, so the
// text does not move when the brand font arrives (font-display: swap).
// Usage: npm exec --yes --package=@capsizecss/metrics@4.3.0 -- node scripts/design/font-fallbacks.mjs
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const metrics = (name) => require(`@capsizecss/metrics/${name}`)
const pairs = [
  ['Inter Fallback', metrics('inter'), metrics('arial')],
  ['Fraunces Fallback', metrics('fraunces/600'), metrics('georgia')],
]
for (const [family, font, fallback] of pairs) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (fallback.xWidthAvg / fallback.unitsPerEm)
  const pct = (value) => `${(value * 100).toFixed(2)}%`
  console.log(family, {
    'size-adjust': pct(sizeAdjust),
    'ascent-override': pct(font.ascent / font.unitsPerEm / sizeAdjust),
    'descent-override': pct(Math.abs(font.descent) / font.unitsPerEm / sizeAdjust),
    'line-gap-override': pct(font.lineGap / font.unitsPerEm / sizeAdjust),
  })
}
