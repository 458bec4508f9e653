import { useState } from 'react'
import { OUTBOX_STATUSES } from '@sintonia/contract'
import { Pagination } from '../../../components/admin/pagination'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { SelectInput } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { useOutbox } from '../api/communication'

const STATUS_LABELS: Record<(typeof OUTBOX_STATUSES)[number], string> = { pending: 'Pendente', sent: 'Enviado', failed: 'Falhou' }
const KIND_LABELS: Record<string, string> = {
  campaign: 'Campanha',
  lead_welcome: 'Boas-vindas (lead)',
  password_reset: 'Redefinição de senha',
}
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

/** Every e-mail the product sent or will send, newest first. */
export function OutboxPanel() {
  const [status, setStatus] = useState('')
  const [kind, setKind] = useState('')
  const [page, setPage] = useState(1)
  const outbox = useOutbox({ ...(status ? { status } : {}), ...(kind ? { kind } : {}), page: String(page) })
  const kinds = outbox.data?.kinds ?? []
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="outbox-status" className="text-sm font-semibold text-ink">
            Situação
          </label>
          <SelectInput id="outbox-status" className="h-11 w-44" value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
            <option value="">Todas</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </SelectInput>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="outbox-kind" className="text-sm font-semibold text-ink">
            Tipo
          </label>
          <SelectInput id="outbox-kind" className="h-11 w-56" value={kind} onChange={(e) => (setKind(e.target.value), setPage(1))}>
            <option value="">Todos</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k] ?? k}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
      {outbox.isError ? <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} /> : null}
      <DataTable caption="Caixa de saída">
        <thead>
          <tr>
            <Th>Para</Th>
            <Th>Assunto</Th>
            <Th>Tipo</Th>
            <Th>Situação</Th>
            <Th>Criado</Th>
          </tr>
        </thead>
        <tbody>
          {outbox.isPending ? (
            <Tr>
              <Td colSpan={5}>
                <Skeleton className="h-6 w-full" />
              </Td>
            </Tr>
          ) : null}
          {outbox.data?.rows.map((row) => (
            <Tr key={row.id} data-testid="outbox-row">
              <Td>{row.toAddress}</Td>
              <Td className="font-semibold">{row.subject}</Td>
              <Td className="whitespace-nowrap">{KIND_LABELS[row.kind] ?? row.kind}</Td>
              <Td>
                <Badge variant={row.status === 'sent' ? 'success' : row.status === 'pending' ? 'gold' : 'neutral'} className={row.status === 'failed' ? 'bg-red-50 text-red-800' : undefined}>
                  {STATUS_LABELS[row.status]}
                </Badge>
                {row.error ? <p className="mt-1 max-w-xs text-xs text-red-700">{row.error}</p> : null}
              </Td>
              <Td className="whitespace-nowrap tabular-nums">{dateTime.format(new Date(row.createdAt))}</Td>
            </Tr>
          ))}
          {outbox.data && outbox.data.rows.length === 0 ? (
            <Tr>
              <Td colSpan={5} className="py-8 text-center text-ink-muted">
                Nenhum e-mail com estes filtros.
              </Td>
            </Tr>
          ) : null}
        </tbody>
      </DataTable>
      {outbox.data ? <Pagination pageInfo={outbox.data.pageInfo} onPage={setPage} label="e-mails" /> : null}
    </div>
  )
}
