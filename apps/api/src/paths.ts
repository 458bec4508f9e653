import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The API runs from source (tests, dev) and from a bundle in dist/; both resolve their
 * assets (migrations, seed media, the built SPA) from the package root found here.
 */
function findApiRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = join(dir, 'package.json')
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }
      if (name === '@sintonia/api') return dir
    }
    const parent = dirname(dir)
    if (parent === dir) throw new Error('Não foi possível localizar a raiz do pacote @sintonia/api')
    dir = parent
  }
}

export const API_ROOT = findApiRoot()
export const MIGRATIONS_DIR = join(API_ROOT, 'drizzle')
export const SEED_MEDIA_DIR = join(API_ROOT, 'src', 'seed', 'media')
export const WEB_DIST_DIR = join(API_ROOT, '..', 'web', 'dist')
/** The built-in background track the web also serves (/background.mp3): the music of the public demo's session. */
export const PUBLIC_MUSIC_FILE = join(API_ROOT, '..', 'web', 'public', 'background.mp3')
