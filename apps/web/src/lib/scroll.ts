/**
 * Scrolls to the element whose id is `sectionId` and moves focus there (keyboard and screen-reader
 * users land where sighted users look). Returns false when no such element exists.
 */
export function scrollToSection(sectionId: string): boolean {
  const target = sectionId ? document.getElementById(sectionId) : null
  if (!target) return false
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
  target.focus({ preventScroll: true })
  return true
}
