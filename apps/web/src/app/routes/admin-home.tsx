import { ShieldCheck } from 'lucide-react'
import { useSession } from '../../features/auth'
import { useProductName } from '../../features/landing'

/** `/admin` placeholder under the admin guard; the admin work fills it with the real home. */
export default function AdminHomeRoute() {
  const productName = useProductName()
  const { user } = useSession()
  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14">
      <title>{`Área administrativa — ${productName}`}</title>
      <div className="flex items-center gap-4 rounded-3xl bg-brand-950 p-6 text-white shadow-lifted sm:p-8">
        <span aria-hidden="true" className="grid size-12 shrink-0 place-items-center rounded-2xl border border-white/15 bg-white/10 text-gold-300">
          <ShieldCheck className="size-6" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight sm:text-3xl">Área administrativa</h1>
          <p className="mt-1 truncate text-brand-100">
            Conectado como <span className="font-semibold text-white">{user?.email}</span>
          </p>
        </div>
      </div>
      <p className="mt-6 text-ink-muted">As ferramentas de administração aparecerão aqui.</p>
    </div>
  )
}
