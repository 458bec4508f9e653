/** Same order of ids? (No request is sent when a drag ends where it started.) */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id)
}
