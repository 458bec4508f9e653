import { availableParallelism } from 'node:os'

/**
 * The split of the machine's cores for the journey under load (locked-screen-under-load.spec.ts):
 * its server — renders and database — on the last core, Chromium (the phone) on the others, as a
 * phone is not the server. Null on a single core, where both share it.
 */
export const UNDER_LOAD_CORES: { server: string; browser: string } | null = (() => {
  const count = availableParallelism()
  return count > 1 ? { server: String(count - 1), browser: count > 2 ? `0-${count - 2}` : '0' } : null
})()
