/** localStorage, or null where it is unavailable (SSR, blocked cookies). */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null
  } catch {
    return null
  }
}
