import { Headphones, Sparkles } from 'lucide-react'
import { ButtonLink } from '../../components/ui/button'
import { useSession } from '../../features/auth'
import { useProductName } from '../../features/landing'

/**
 * `/dashboard` placeholder under the subscriber guard. The listener work replaces this module
 * with the real dashboard (catalogue, search, playlists).
 */
export default function DashboardPlaceholderRoute() {
  const productName = useProductName()
  const { user } = useSession()
  return (
    <div className="relative isolate">
      <title>{`Início — ${productName}`}</title>
      <div aria-hidden="true" className="absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-brand-50 to-surface" />
      <div className="mx-auto w-full max-w-3xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Bem-vindo, {user?.displayName ?? ''}</h1>
        <div className="mt-8 flex flex-col items-start gap-4 rounded-3xl border border-line bg-white p-6 shadow-soft sm:flex-row sm:items-center sm:p-8">
          <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl bg-brand-100 text-brand-700">
            <Headphones className="size-6" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink">Sua biblioteca de áudios chega em breve</p>
            <p className="mt-1 text-[0.95rem] leading-relaxed text-ink-muted">
              O catálogo completo de campos e áudios guiados aparecerá aqui em breve.
            </p>
          </div>
          <ButtonLink to="/demo" variant="outline" size="md">
            <Sparkles aria-hidden="true" />
            Ouvir a demonstração
          </ButtonLink>
        </div>
      </div>
    </div>
  )
}
