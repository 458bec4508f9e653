/**
 * Where a journey run lives. Each Playwright worker has a server of its own (e2e/support/global-setup.ts),
 * so journeys of different workers never share a database: worker slot i (TEST_PARALLEL_INDEX, which
 * Playwright sets in each worker process) listens on E2E_PORT + 10·i (default 3100), its mail sink on the
 * next two ports, and keeps its DATA_DIR in the run's folder. The folder is per E2E_PORT so two runs
 * on one machine never share anything.
 */
export const e2eBasePort = Number(process.env.E2E_PORT ?? 3100)
/** The port of worker slot `slot`'s server (its mail sink: +1 SMTP, +2 HTTP). */
export const slotPort = (slot: number): number => e2eBasePort + 10 * slot
/** This process's slot: 0 in the runner (global setup), the worker's own in a worker. */
export const workerSlot = Number(process.env.TEST_PARALLEL_INDEX ?? 0)
export const e2ePort = slotPort(workerSlot)
/** The run's folder, relative to the repository root (results, screenshots, databases). */
export const runDirFromRoot = e2eBasePort === 3100 ? 'e2e/.artifacts' : `e2e/.artifacts/run-${e2eBasePort}`
export const dataDirFromRoot = (slot: number): string => `${runDirFromRoot}/data-${slot}`
export const e2eDataDirFromRoot = dataDirFromRoot(workerSlot)
/** A database migrated and seeded once per run, copied for every server the journeys start. */
export const templateDirFromRoot = `${runDirFromRoot}/template`
