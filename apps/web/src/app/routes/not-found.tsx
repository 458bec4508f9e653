import { Compass, Home } from 'lucide-react'
import { MSG } from '@sintonia/contract'
import { ButtonLink } from '../../components/ui/button'
import { useProductName } from '../../lib/product-name'

/** Any unknown path (docs/product/README.md#not-found-page-and-page-errors). Lazy route. */
export default function NotFoundRoute() {
  const productName = useProductName()
  return (
    <div className="mx-auto flex min-h-[65vh] max-w-lg flex-col items-center justify-center px-6 py-16 text-center">
      <title>{`${MSG.notFoundPage.title} — ${productName}`}</title>
      <span className="grid size-16 place-items-center rounded-2xl bg-tint-strong text-accent">
        <Compass aria-hidden="true" className="size-8" />
      </span>
      <p className="mt-6 text-sm font-bold tracking-[0.2em] text-accent uppercase">Erro 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{MSG.notFoundPage.title}</h1>
      <p className="mt-4 text-lg leading-relaxed text-ink-muted">{MSG.notFoundPage.text}</p>
      <ButtonLink to="/" size="lg" className="mt-9">
        <Home aria-hidden="true" />
        {MSG.notFoundPage.back}
      </ButtonLink>
    </div>
  )
}
