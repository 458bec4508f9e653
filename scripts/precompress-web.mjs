// Writes brotli (.br) and gzip (.gz) copies next to the text files of the web build, once at build
// time, so the API's static plugin (preCompressed) sends them without compressing per request
// (docs/performance.md). Usage: node scripts/precompress-web.mjs apps/web/dist
import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
const MIN_BYTES = 1024

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* walk(path)
    else if (COMPRESSIBLE.test(entry.name)) yield path
  }
}

const root = process.argv[2] ?? 'dist'
const jobs = []
let before = 0
let after = 0
for await (const file of walk(root)) {
  if ((await stat(file)).size < MIN_BYTES) continue
  jobs.push(
    (async () => {
      const body = await readFile(file)
      const [br, gzipped] = await Promise.all([
        brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
        gz(body, { level: 9 }),
      ])
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)])
      before += body.length
      after += br.length
    })(),
  )
}
await Promise.all(jobs)
console.log(`precompressed ${jobs.length} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`)
