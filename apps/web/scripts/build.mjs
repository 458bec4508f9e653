// `npm run build -w @sintonia/web [-- --outDir <dir> --emptyOutDir]`: the browser build into <dir>
// (default dist/), then the landing's server render into dist-ssr/ next to it — where the API's SPA
// plugin looks for it (ADR 013). The bench builds into a folder of its own through --outDir.
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const webRoot = fileURLToPath(new URL('..', import.meta.url))
const args = process.argv.slice(2)
const outDirAt = args.indexOf('--outDir')
const outDir = outDirAt >= 0 && args[outDirAt + 1] ? resolve(args[outDirAt + 1]) : join(webRoot, 'dist')
const unknown = args.filter((arg, index) => arg !== '--emptyOutDir' && index !== outDirAt && index !== outDirAt + 1)
if (unknown.length > 0) throw new Error(`unknown build options: ${unknown.join(' ')}`)

await build({ root: webRoot, build: { outDir, emptyOutDir: true } })
await build({
  root: webRoot,
  logLevel: 'warn',
  build: { ssr: 'src/ssr/render-landing.tsx', outDir: join(dirname(outDir), 'dist-ssr'), emptyOutDir: true },
})
