import type { ReactNode } from 'react'
import { ArrowRight, AudioLines, FolderTree, Info, Mail, UserRoundCheck, UsersRound, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { Button } from '../../../components/ui/button'
import { FormAlert } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { getErrorMessage } from '../../../lib/api-client'
import { useAdminOverview } from '../api/overview'
import { ADMIN_SECTION_GROUPS } from '../sections'

interface CountTile {
  key: 'listeners' | 'activeSubscribers' | 'fields' | 'audios' | 'leads'
  label: string
  icon: LucideIcon
  to: string
}

const TILES: CountTile[] = [
  { key: 'listeners', label: 'Ouvintes', icon: UsersRound, to: '/admin/users' },
  { key: 'activeSubscribers', label: 'Assinantes ativos', icon: UserRoundCheck, to: '/admin/users' },
  { key: 'fields', label: 'Campos', icon: FolderTree, to: '/admin/fields' },
  { key: 'audios', label: 'Áudios', icon: AudioLines, to: '/admin/audios' },
  { key: 'leads', label: 'Leads', icon: Mail, to: '/admin/communication' },
]

const numberFormat = new Intl.NumberFormat('pt-BR')

function Counts() {
  const overview = useAdminOverview()
  if (overview.isError) {
    return (
      <FormAlert>
        <p>{getErrorMessage(overview.error)}</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => void overview.refetch()}>
          Tentar novamente
        </Button>
      </FormAlert>
    )
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5" aria-busy={overview.isPending || undefined}>
      {TILES.map((tile) => {
        const Icon = tile.icon
        return (
          <li key={tile.key}>
            <Link
              to={tile.to}
              className="flex h-full flex-col gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span aria-hidden="true" className="grid size-9 place-items-center rounded-xl bg-tint text-accent">
                <Icon className="size-5" />
              </span>
              <span className="text-sm font-medium text-ink-muted">{tile.label}</span>
              {overview.data ? (
                <span className="text-2xl font-extrabold tracking-tight text-ink tabular-nums" data-testid={`count-${tile.key}`}>
                  {numberFormat.format(overview.data.counts[tile.key])}
                </span>
              ) : (
                <Skeleton className="h-8 w-16" />
              )}
            </Link>
          </li>
        )
      })}
    </ul>
  )
}

export interface AdminHomeProps {
  /** Slot beside the counts (e.g. the admins online now). */
  presence?: ReactNode
}

/** `/admin`: the counts, then a card for every admin section. */
export function AdminHome({ presence }: AdminHomeProps) {
  return (
    <div>
      <AdminPageHeader title="Área administrativa" description="Um resumo do produto e o caminho para cada área de gestão." />
      <p className="mb-6 flex items-start gap-3 rounded-2xl border border-warm-line bg-warm-soft px-4 py-3 text-[0.95rem] leading-relaxed text-warm" data-testid="demo-catalogue-note">
        <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>O catálogo que veio com a instalação (campos, áudios, músicas e programas) é uma demonstração: substitua-o pelo seu conteúdo antes de vender.</span>
      </p>
      <section aria-labelledby="admin-counts-title">
        <h2 id="admin-counts-title" className="sr-only">
          Números
        </h2>
        <Counts />
      </section>
      {presence ? <div className="mt-6">{presence}</div> : null}
      {ADMIN_SECTION_GROUPS.map((group) => (
        <section key={group.label} className="mt-8" aria-labelledby={`admin-group-${group.label}`}>
          <h2 id={`admin-group-${group.label}`} className="mb-3 text-lg font-bold text-ink">
            {group.label}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
            {group.sections.map((section) => {
              const Icon = section.icon
              return (
                <li key={section.path}>
                  <Link
                    to={section.path}
                    className="group flex h-full items-start gap-3 rounded-2xl border border-line bg-card p-4 shadow-soft transition-colors hover:border-line-strong focus-visible:outline-2 focus-visible:outline-brand-600"
                  >
                    <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint text-accent">
                      <Icon className="size-5" />
                    </span>
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center gap-1 font-semibold text-ink">
                        {section.label}
                        <ArrowRight aria-hidden="true" className="size-4 text-accent opacity-0 transition-opacity group-hover:opacity-100" />
                      </span>
                      <span className="mt-0.5 block text-sm text-ink-muted">{section.description}</span>
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </section>
      ))}
    </div>
  )
}
