/** The list with the item at `from` moved to `to` (both clamped); the input is not changed. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  if (from < 0 || from >= list.length) return next
  const target = Math.max(0, Math.min(list.length - 1, to))
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item as T)
  return next
}

/** Same order of ids? (No request is sent when a drag ends where it started.) */
export function sameOrder(a: readonly { id: string }[], b: readonly { id: string }[]): boolean {
  return a.length === b.length && a.every((item, index) => item.id === b[index]?.id)
}
