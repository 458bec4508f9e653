/**
 * Where this journey run lives: its port (E2E_PORT, default 3100; the mail sink takes the next two)
 * and its DATA_DIR, relative to the repository root. The folder is per port so two runs on one
 * machine never share a database.
 */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100)
export const e2eDataDirFromRoot = e2ePort === 3100 ? 'e2e/.artifacts/data' : `e2e/.artifacts/data-${e2ePort}`
