/**
 * Which person's data this tab is writing. Sign-out (and account deletion) start a new generation;
 * a write scheduled before that — a debounced cache write still waiting, say — sees the change and
 * is dropped, so it cannot put the previous person's data back after the wipe.
 */
let generation = 0

export function personalDataGeneration(): number {
  return generation
}

export function startNewPersonalDataGeneration(): void {
  generation++
}
