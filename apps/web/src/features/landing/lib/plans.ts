/** Where a plan's call to action goes: the plan page with the plan chosen (product rule: calls to action → /assinatura). */
export function subscribeHref(code: string): string {
  return `/assinatura?plan=${encodeURIComponent(code)}`
}
