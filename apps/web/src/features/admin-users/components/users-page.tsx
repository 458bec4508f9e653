import { useEffect, useState } from 'react'
import { Gift, Search, ShieldCheck } from 'lucide-react'
import { toast } from 'sonner'
import type { AdminUser } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { Pagination } from '../../../components/admin/pagination'
import { QueryError } from '../../../components/admin/query-error'
import { EmailText } from '../../../components/admin/email-text'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { TextInput } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { useAdminUsers, useUserAction, type UserAction } from '../api/users'
import { UnclaimedPurchases } from './unclaimed-purchases'
import { UserActionDialog, type DialogKind } from './user-action-dialog'
import { UserGiftsDialog } from './user-gifts-dialog'
import { SubscriptionState, dateFormat } from './user-status'

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

function formatDate(iso: string | null): string {
  return iso ? dateFormat.format(new Date(iso)) : '—'
}

/** `/admin/users`: find a person, see their subscription, and act on their account. */
export function UsersPage({ currentUserId }: { currentUserId: string | undefined }) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(1)
  const q = useDebounced(search.trim(), 300)
  useEffect(() => setPage(1), [q])
  const users = useAdminUsers(q, page)
  const action = useUserAction()
  const [dialog, setDialog] = useState<{ kind: DialogKind; user: AdminUser } | null>(null)
  const [giftsOf, setGiftsOf] = useState<AdminUser | null>(null)

  async function confirm(input: UserAction) {
    const result = await action.mutateAsync(input)
    toast.success(result.message)
    setDialog(null)
  }

  /** `stacked`: one button per line, so the table's last column stays narrow. */
  function actionsFor(user: AdminUser, stacked = false) {
    const self = user.id === currentUserId
    return (
      <div className={stacked ? 'flex w-36 flex-col items-stretch gap-1.5' : 'flex flex-wrap gap-1.5'}>
        <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'complimentary', user })}>
          Cortesia
        </Button>
        {self ? (
          <span className={cn('text-xs text-ink-muted', stacked ? 'px-3 py-1' : 'self-center')}>Sua conta</span>
        ) : (
          <>
            <Button size="sm" variant="outline" onClick={() => setDialog({ kind: user.role === 'admin' ? 'demote' : 'promote', user })}>
              {user.role === 'admin' ? 'Remover admin' : 'Tornar admin'}
            </Button>
            {user.role === 'admin' ? null : (
              <Button size="sm" variant={user.banned ? 'outline' : 'ghost'} className={user.banned ? undefined : 'text-danger hover:bg-danger-soft'} onClick={() => setDialog({ kind: user.banned ? 'unban' : 'ban', user })}>
                {user.banned ? 'Reativar' : 'Suspender'}
              </Button>
            )}
          </>
        )}
      </div>
    )
  }

  function person(user: AdminUser) {
    return (
      <>
        <div className="flex flex-wrap items-center gap-1.5 font-semibold">
          {user.name}
          {user.role === 'admin' ? (
            <Badge variant="brand">
              <ShieldCheck aria-hidden="true" />
              Admin
            </Badge>
          ) : null}
          {user.banned ? <Badge className="bg-danger-soft text-danger">Suspensa</Badge> : null}
        </div>
        <EmailText email={user.email} className="block text-ink-muted" />
        {/* About the person, not an action on the account: under their name, where it adds no
            height to a table row (the actions column is the tall one). */}
        <Button size="sm" variant="ghost" className="mt-1 -ml-2.5 h-8 px-2.5" onClick={() => setGiftsOf(user)}>
          <Gift aria-hidden="true" />
          Presentes
        </Button>
      </>
    )
  }

  return (
    <div>
      <AdminPageHeader title="Usuários" description="Busque ouvintes por nome ou e-mail, veja a assinatura e os presentes de cada um, libere acesso cortesia, gerencie administradores e suspensões. Toda ação fica registrada na auditoria." />
      <div className="relative mb-4 max-w-md">
        <label htmlFor="users-search" className="sr-only">
          Buscar por nome ou e-mail
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
        <TextInput id="users-search" type="search" placeholder="Buscar por nome ou e-mail" className="pl-11" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>

      {users.isError ? <QueryError error={users.error} onRetry={() => void users.refetch()} /> : null}

      {/* The space left beside the admin menu decides, not the window: one card per person until
          the table's six columns fit without scrolling sideways (56rem), then the table. */}
      <div className="@container">
        <ul className="grid gap-3 @xl:grid-cols-2 @4xl:hidden" aria-label="Usuários encontrados">
          {users.data?.users.map((user) => (
            <li key={user.id} data-testid={`user-card-${user.email}`} className="rounded-2xl border border-line bg-card p-4 shadow-soft">
              {person(user)}
              <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
                <div>
                  <dt className="text-ink-muted">Assinatura</dt>
                  <dd className="mt-0.5">
                    <SubscriptionState user={user} />
                  </dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Plano</dt>
                  <dd className="mt-0.5">{user.subscription.planName ?? '—'}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Válida até</dt>
                  <dd className="mt-0.5 tabular-nums">{formatDate(user.subscription.currentPeriodEnd)}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">Cadastro</dt>
                  <dd className="mt-0.5 tabular-nums">{formatDate(user.createdAt)}</dd>
                </div>
              </dl>
              <div className="mt-3 border-t border-line pt-3">{actionsFor(user)}</div>
            </li>
          ))}
          {users.isPending ? <Skeleton className="h-40 w-full" /> : null}
          {users.data && users.data.users.length === 0 ? <li className="py-6 text-center text-ink-muted @xl:col-span-2">Ninguém encontrado{q ? ` para "${q}"` : ''}.</li> : null}
        </ul>
        {/* Dimmed only while the rows are a previous search's (a background refresh keeps them crisp). */}
        <DataTable caption="Usuários encontrados" busy={users.isPlaceholderData} narrow className={cn('hidden @4xl:block', users.isPlaceholderData ? 'opacity-70' : undefined)}>
          <thead>
            <tr>
              <Th className="px-3">Pessoa</Th>
              <Th className="px-3">Assinatura</Th>
              <Th className="px-3">Plano</Th>
              <Th className="px-3">Válida até</Th>
              <Th className="px-3">Cadastro</Th>
              <Th className="px-3">
                <span className="sr-only">Ações</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {users.isPending
              ? Array.from({ length: 5 }, (_, i) => (
                  <Tr key={i}>
                    <Td colSpan={6}>
                      <Skeleton className="h-6 w-full" />
                    </Td>
                  </Tr>
                ))
              : null}
            {users.data?.users.map((user) => (
              <Tr key={user.id} data-testid={`user-row-${user.email}`}>
                <Td className="w-full min-w-[12rem] px-3">{person(user)}</Td>
                <Td className="px-3">
                  <SubscriptionState user={user} />
                </Td>
                <Td className="px-3 whitespace-nowrap">{user.subscription.planName ?? '—'}</Td>
                <Td className="px-3 whitespace-nowrap tabular-nums">{formatDate(user.subscription.currentPeriodEnd)}</Td>
                <Td className="px-3 whitespace-nowrap tabular-nums">{formatDate(user.createdAt)}</Td>
                <Td className="px-3">{actionsFor(user, true)}</Td>
              </Tr>
            ))}
            {users.data && users.data.users.length === 0 ? (
              <Tr>
                <Td colSpan={6} className="py-8 text-center text-ink-muted">
                  Ninguém encontrado{q ? ` para "${q}"` : ''}.
                </Td>
              </Tr>
            ) : null}
          </tbody>
        </DataTable>
      </div>
      {users.data ? <Pagination pageInfo={users.data.pageInfo} onPage={setPage} label="usuários" /> : null}

      <UnclaimedPurchases />

      <UserGiftsDialog user={giftsOf} onClose={() => setGiftsOf(null)} />

      <UserActionDialog
        key={dialog ? `${dialog.kind}-${dialog.user.id}` : 'closed'}
        kind={dialog?.kind ?? null}
        user={dialog?.user ?? null}
        pending={action.isPending}
        onClose={() => setDialog(null)}
        onConfirm={async (input) => {
          try {
            await confirm(input)
          } catch (error) {
            toast.error('Não foi possível salvar')
            throw error
          }
        }}
      />
    </div>
  )
}
