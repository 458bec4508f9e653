import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

/**
 * The JavaScript a browser loads for `/` before the page can run: the entry script of the page the
 * server sends for `/` (the built landing.html, ADR 014; index.html in a build without it), its
 * modulepreloads and every chunk they import statically (transitively). Dynamic
 * `import()` targets (lazy routes, the sections below the hero, the toast library) are not part
 * of it. Shared by the bundle-size budget test and `npm run bench` (docs/performance.md).
 */
export interface InitialJsFile {
  file: string
  bytes: number
  gzipBytes: number
}

export interface InitialJs {
  files: InitialJsFile[]
  bytes: number
  gzipBytes: number
}

/** Budget for the initial JS of `/`, gzip (docs/performance.md). */
export const INITIAL_JS_BUDGET_BYTES = 120 * 1024

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g

/** These files of the build (`assets/…`) and every chunk they import statically, transitively. */
export function withStaticImports(distDir: string, entries: string[]): InitialJsFile[] {
  const seen = new Set<string>()
  const queue = [...entries]
  const files: InitialJsFile[] = []
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = readFileSync(join(distDir, file))
    files.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length })
    const folder = file.slice(0, file.lastIndexOf('/') + 1)
    for (const match of code.toString('utf8').matchAll(STATIC_IMPORT)) queue.push(folder + match[1]!)
  }
  return files
}

export function initialJsOf(distDir: string): InitialJs {
  const landingPage = join(distDir, 'landing.html')
  const html = readFileSync(existsSync(landingPage) ? landingPage : join(distDir, 'index.html'), 'utf8')
  const entries = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\/(assets\/[^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="\/(assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]!)
  if (entries.length === 0) throw new Error(`no module entry in ${distDir}/index.html`)

  const files = withStaticImports(distDir, entries)
  files.sort((a, b) => b.gzipBytes - a.gzipBytes)
  return {
    files,
    bytes: files.reduce((sum, f) => sum + f.bytes, 0),
    gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0),
  }
}
