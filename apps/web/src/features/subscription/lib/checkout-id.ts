/** A checkout id worth sending to the server (same shape as the contract's `checkoutIdSchema`). */
export function cleanCheckoutId(raw: string | null | undefined): string | null {
  const value = raw?.trim()
  return value && /^[A-Za-z0-9_-]{6,255}$/.test(value) ? value : null
}

/** The pages this feature sends a buyer to after the provider. */
export function subscriptionSuccessPath(checkoutId: string): string {
  return `/assinatura/sucesso?session_id=${encodeURIComponent(checkoutId)}`
}
