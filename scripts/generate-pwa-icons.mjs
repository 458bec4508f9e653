#!/usr/bin/env node
/**
 * Draws the installable app's PNG icons from SVG (no native install scripts: @resvg/resvg-js
 * ships prebuilt binaries). Run after changing the mark: `npm run icons:generate -w @sintonia/web`.
 *
 * - icon-192.png / icon-512.png (purpose "any"): the favicon's rounded mark on transparency;
 * - maskable-512.png (purpose "maskable"): full-bleed background with the covers' hills at its
 *   foot, the mark inside the central 80 % safe zone so any launcher mask keeps it whole;
 * - apple-touch-icon.png (180 px): iOS ignores transparency and rounds corners itself, so it is
 *   full-bleed like the maskable one.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'

const webRoot = fileURLToPath(new URL('../apps/web/', import.meta.url))
// The dependency belongs to the web workspace; resolve it from there.
const { Resvg } = createRequire(join(webRoot, 'package.json'))('@resvg/resvg-js')

const publicDir = join(webRoot, 'public')
const outDir = join(publicDir, 'icons')
mkdirSync(outDir, { recursive: true })

const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8')

/** The mark without its own rounded background: five sound bars and the gold dot. */
const glyph = `
  <g fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round">
    <path d="M16 28v8M24 20v24M32 14v36M40 22v20M48 28v8"/>
  </g>
  <circle cx="48" cy="16" r="4" fill="#fcd34d"/>`

const gradient = `
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#6a3dea"/>
      <stop offset="1" stop-color="#3f2092"/>
    </linearGradient>
  </defs>`

/**
 * The covers' hills (docs/design.md#artwork) at the foot of the full-bleed icons, so the home
 * screen icon and the splash drawn from it carry the same landscape as the app.
 */
const hills = `
  <path d="M0 46 Q 16 38 32 44 T 64 40 V64 H0Z" fill="#b9a8ff" opacity="0.22"/>
  <path d="M0 54 Q 20 47 38 53 T 64 51 V64 H0Z" fill="#1e1046" opacity="0.35"/>`

/** Full-bleed square; the 64-unit glyph scaled to `scale` of the side, centred. */
function fullBleed(scale) {
  const offset = (64 - 64 * scale) / 2
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/>${hills}
  <g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g>
</svg>`
}

function render(svg, size, file) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng()
  writeFileSync(join(outDir, file), png)
  console.log(`icons/${file} ${size}x${size} (${png.length} bytes)`)
}

render(favicon, 192, 'icon-192.png')
render(favicon, 512, 'icon-512.png')
// The safe zone of a maskable icon is a circle of 40 % radius: the glyph's bars span about
// 36 of 64 units, so 0.72 keeps them well inside it.
render(fullBleed(0.72), 512, 'maskable-512.png')
render(fullBleed(0.86), 180, 'apple-touch-icon.png')
console.log(`written to ${dirname(join(outDir, 'x'))}`)
