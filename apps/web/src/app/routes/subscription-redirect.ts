import { redirect, type LoaderFunctionArgs } from 'react-router'

/**
 * `/subscription` → `/assinatura` (ARCHITECTURE §7: the subscription-required card of the spec
 * links to /subscription; the product uses /assinatura everywhere). Query and hash are kept.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return redirect(`/assinatura${url.search}${url.hash}`)
}
