/** The same server and credentials as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
