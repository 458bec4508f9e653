/** The list with the item at `from` moved to `to` (clamped; an unknown `from` moves nothing); the input is not changed. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list]
  if (from < 0 || from >= list.length) return next
  const target = Math.max(0, Math.min(list.length - 1, to))
  const [item] = next.splice(from, 1)
  next.splice(target, 0, item as T)
  return next
}
