import type { ChildProcess } from 'node:child_process'

/**
 * Resolves when `output()` contains `text` — checked each time the process writes to stdout — and
 * fails with `describe()` if the process exits first or `timeoutMs` passes. Kept free of the test
 * runner so the journeys' server processes wait the same way as the API's process tests.
 */
export function waitForText(
  child: ChildProcess,
  output: () => string,
  text: string,
  { timeoutMs, describe }: { timeoutMs: number; describe: (why: string) => string },
): Promise<void> {
  return new Promise((done, fail) => {
    const check = () => {
      if (output().includes(text)) finish(() => done())
    }
    const timer = setTimeout(() => finish(() => fail(new Error(describe(`"${text}" não apareceu em ${timeoutMs} ms`)))), timeoutMs)
    const onExit = (code: number | null) => finish(() => fail(new Error(describe(`o servidor saiu (código ${code}) antes de "${text}"`))))
    const finish = (then: () => void) => {
      clearTimeout(timer)
      child.stdout?.off('data', check)
      child.off('exit', onExit)
      then()
    }
    // Listeners added after the process's own: by the time `check` runs, `output()` has the chunk.
    child.stdout?.on('data', check)
    child.once('exit', onExit)
    if (child.exitCode !== null) onExit(child.exitCode)
    else check()
  })
}
