import { redirect, type LoaderFunctionArgs } from 'react-router'

/**
 * `/subscription` → `/assinatura`: the product uses /assinatura everywhere, and old links to
 * /subscription still land on the plan page (docs/product/README.md#routes). Query and hash are kept.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  return redirect(`/assinatura${url.search}${url.hash}`)
}
