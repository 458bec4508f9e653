import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Each table is written by its owner only (docs/architecture.md#who-owns-which-table): the tables
 * of db/schema/<name>.ts belong to modules/<name>/ or lib/<name>/, and another domain changes
 * them by calling the owner's service. Reads across domains stay free; this checks the writes
 * (insert, update, delete) of every file that imports the schema.
 */

const src = join(import.meta.dirname, '../../src')
const schemaDir = join(src, 'db/schema')

interface Table {
  name: string
  sqlName: string
  owner: string
}

/** Every `export const x = pgTable('x_sql', …)` of the schema, owned by its file's name. */
function readTables(): Table[] {
  return readdirSync(schemaDir)
    .filter((file) => file.endsWith('.ts') && file !== 'index.ts' && file !== 'columns.ts')
    .flatMap((file) => {
      const text = readFileSync(join(schemaDir, file), 'utf8')
      return [...text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((match) => ({
        name: match[1]!,
        sqlName: match[2]!,
        owner: file.replace(/\.ts$/, ''),
      }))
    })
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry)
    if (statSync(path).isDirectory()) return filesUnder(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** The folder a file belongs to: 'accounts' for modules/accounts/…, 'mail' for lib/mail/…; null for lib's loose files. */
function ownerOf(file: string): string | null {
  const [top, folder, ...rest] = relative(src, file).split(sep)
  return (top === 'modules' || top === 'lib') && folder && rest.length > 0 ? folder : null
}

/** Comments name tables in prose ("update the playlists…"): only code counts. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '')
}

/** The tables a file's code writes: Drizzle's insert/update/delete(table) and raw SQL. */
export function writtenTables(text: string, tables: Table[]): string[] {
  const byName = new Map(tables.map((table) => [table.name, table.name]))
  const bySql = new Map(tables.map((table) => [table.sqlName, table.name]))
  const code = withoutComments(text)
  const written = new Set<string>()
  for (const match of code.matchAll(/\.(?:insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    const table = byName.get(match[1]!)
    if (table) written.add(table)
  }
  for (const match of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+(?:\$\{\s*(\w+)\s*\}|"?(\w+)"?)/gi)) {
    const table = match[1] ? byName.get(match[1]) : bySql.get(match[2]!.toLowerCase())
    if (table) written.add(table)
  }
  return [...written].sort()
}

const tables = readTables()
const ownerOfTable = new Map(tables.map((table) => [table.name, table.owner]))

describe('who writes which table', () => {
  it('reads the schema: every table has an owner folder in modules/ or lib/', () => {
    expect(tables.length).toBeGreaterThan(40)
    const owners = [...new Set(tables.map((table) => table.owner))]
    const missing = owners.filter((owner) => !['modules', 'lib'].some((top) => statSync(join(src, top, owner), { throwIfNoEntry: false })?.isDirectory()))
    expect(missing).toEqual([])
  })

  it('finds writes in Drizzle calls and raw SQL, not in comments', () => {
    const text = [
      "await tx.insert(subscriptions).values(row)",
      'await db\n  .update(leads)\n  .set({ name })',
      'await db.execute(sql`UPDATE ${analyticsEvents} SET user_id = null`)',
      'await db.execute(sql`DELETE FROM session_renders r WHERE r.key = ${key}`)',
      '// we update playlists here (a comment)',
      'await db.select().from(audios).for(`update`)',
      'cache.delete(key)',
    ].join('\n')
    expect(writtenTables(text, tables)).toEqual(['analyticsEvents', 'leads', 'sessionRenders', 'subscriptions'])
  })

  it('no file of a domain or of lib/ writes a table another owns', () => {
    const files = [...filesUnder(join(src, 'modules')), ...filesUnder(join(src, 'lib'))]
    const schemaUsers = files.filter((file) => readFileSync(file, 'utf8').includes('db/schema'))
    expect(schemaUsers.length).toBeGreaterThan(20)
    const foreignWrites = schemaUsers.flatMap((file) => {
      const owner = ownerOf(file)
      return writtenTables(readFileSync(file, 'utf8'), tables)
        .filter((table) => ownerOfTable.get(table) !== owner)
        .map((table) => `${relative(src, file)} writes ${table}, owned by ${ownerOfTable.get(table)}: call that owner's service instead`)
    })
    expect(foreignWrites).toEqual([])
  })
})
