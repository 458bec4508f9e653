/**
 * The API test files that touch the database: those that import, directly or through other test
 * files, the helper that creates a test database (apps/api/test/helpers/database.ts). Only these
 * run a second time on PostgreSQL (scripts/test.mjs); the others test code that no database
 * engine can change.
 *
 *   node scripts/api-database-tests.mjs     prints them, one per line
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const IMPORT = /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [path] : []
  })
}

/** The .ts file a relative specifier names ('./x.js' is written for './x.ts'). */
function resolveSpecifier(from, specifier) {
  const base = resolve(dirname(from), specifier)
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && candidate.endsWith('.ts')) return candidate
  }
  return null
}

/** Relative paths (from apps/api) of the database test files, the fault test excluded (it has its own stage). */
export function databaseTestFiles(root) {
  const api = join(root, 'apps/api')
  const helper = join(api, 'test/helpers/database.ts')
  const memo = new Map()
  const reaches = (file, seen = new Set()) => {
    if (file === helper) return true
    if (memo.has(file)) return memo.get(file)
    if (seen.has(file)) return false
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    let found = false
    for (const match of source.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, match[1] ?? match[2])
      // Only the tests' own support code leads to the helper; the app's sources never import it.
      if (target && target.startsWith(join(api, 'test')) && reaches(target, seen)) {
        found = true
        break
      }
    }
    memo.set(file, found)
    return found
  }
  return testFiles(join(api, 'test'))
    .concat(testFiles(join(api, 'src')))
    .filter((file) => !file.includes(`${join('test', 'faults')}`))
    .filter((file) => reaches(file))
    .map((file) => relative(api, file))
    .sort()
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(databaseTestFiles(fileURLToPath(new URL('..', import.meta.url))).join('\n'))
}
