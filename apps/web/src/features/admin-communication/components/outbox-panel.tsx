import { useState } from 'react'
import { Mail } from 'lucide-react'
import { OUTBOX_STATUSES, OUTBOX_STATUS_LABELS, emailKindLabel, type OutboxRow, type OutboxStatus } from '@sintonia/contract'
import { EmailText } from '../../../components/admin/email-text'
import { Pagination } from '../../../components/admin/pagination'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { SelectInput } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { useOutbox, useOutboxMessage } from '../api/communication'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

function StatusBadge({ status }: { status: OutboxStatus }) {
  const tone: Record<OutboxStatus, string | undefined> = {
    pending: undefined,
    sent: undefined,
    logged: 'bg-muted text-ink-muted',
    failed: 'bg-danger-soft text-danger',
  }
  return (
    <Badge variant={status === 'sent' ? 'success' : status === 'pending' ? 'gold' : 'neutral'} className={cn('whitespace-nowrap', tone[status])}>
      {OUTBOX_STATUS_LABELS[status]}
    </Badge>
  )
}

/** When the dispatcher finished it: delivered ("Enviado em") or only recorded ("Registrado em"). */
function doneLabel(status: OutboxStatus): string {
  return status === 'logged' ? 'Registrado em' : 'Enviado em'
}

/** One e-mail, opened: who, what, when, and its text (links carrying a token arrive masked). */
function MessageDialog({ row, onClose }: { row: OutboxRow | null; onClose: () => void }) {
  const message = useOutboxMessage(row?.id ?? null)
  const data = message.data?.message
  return (
    <ModalDialog open={row !== null} onClose={onClose} title={row?.subject ?? ''} className="max-w-2xl">
      {row ? (
        <div className="flex flex-col gap-4">
          <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold text-ink-muted">Para</dt>
            <dd>
              <EmailText email={row.toAddress} />
            </dd>
            {data?.replyTo ? (
              <>
                <dt className="font-semibold text-ink-muted">Respostas para</dt>
                <dd>
                  <EmailText email={data.replyTo} />
                </dd>
              </>
            ) : null}
            <dt className="font-semibold text-ink-muted">Tipo</dt>
            <dd>{emailKindLabel(row.kind)}</dd>
            <dt className="font-semibold text-ink-muted">Situação</dt>
            <dd>
              <StatusBadge status={(data ?? row).status} />
              {(data ?? row).error ? <p className="mt-1 text-danger">{(data ?? row).error}</p> : null}
            </dd>
            <dt className="font-semibold text-ink-muted">Criado em</dt>
            <dd className="tabular-nums">{dateTime.format(new Date(row.createdAt))}</dd>
            {(data ?? row).sentAt ? (
              <>
                <dt className="font-semibold text-ink-muted">{doneLabel((data ?? row).status)}</dt>
                <dd className="tabular-nums">{dateTime.format(new Date((data ?? row).sentAt!))}</dd>
              </>
            ) : null}
          </dl>
          <section aria-labelledby="outbox-message-body">
            <h3 id="outbox-message-body" className="text-sm font-semibold text-ink">
              Texto do e-mail
            </h3>
            {message.isError ? <QueryError error={message.error} onRetry={() => void message.refetch()} /> : null}
            {message.isPending ? <Skeleton className="mt-2 h-40 w-full" /> : null}
            {data ? (
              <pre
                tabIndex={0}
                className="mt-2 max-h-[45dvh] overflow-auto rounded-xl border border-line bg-tint/40 p-4 font-sans text-sm leading-relaxed whitespace-pre-wrap text-ink [overflow-wrap:anywhere] focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                {data.textBody}
              </pre>
            ) : null}
            <p className="mt-2 text-xs text-ink-muted">Links que dão acesso à conta (com token) aparecem como [oculto].</p>
          </section>
          <div className="flex justify-end">
            <Button variant="outline" onClick={onClose}>
              Fechar
            </Button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  )
}

/** Every e-mail the product sent or will send, newest first; each one opens to be read. */
export function OutboxPanel() {
  const [status, setStatus] = useState('')
  const [kind, setKind] = useState('')
  const [page, setPage] = useState(1)
  const [opened, setOpened] = useState<OutboxRow | null>(null)
  const outbox = useOutbox({ ...(status ? { status } : {}), ...(kind ? { kind } : {}), page: String(page) })
  const kinds = outbox.data?.kinds ?? []
  const rows = outbox.data?.rows ?? []

  const openButton = (row: OutboxRow) => (
    <Button size="sm" variant="outline" onClick={() => setOpened(row)} aria-label={`Abrir e-mail "${row.subject}" para ${row.toAddress}`}>
      <Mail aria-hidden="true" />
      Abrir
    </Button>
  )

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="outbox-status" className="text-sm font-semibold text-ink">
            Situação
          </label>
          <SelectInput id="outbox-status" className="h-11 w-52" value={status} onChange={(e) => (setStatus(e.target.value), setPage(1))}>
            <option value="">Todas</option>
            {OUTBOX_STATUSES.map((s) => (
              <option key={s} value={s}>
                {OUTBOX_STATUS_LABELS[s]}
              </option>
            ))}
          </SelectInput>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="outbox-kind" className="text-sm font-semibold text-ink">
            Tipo
          </label>
          <SelectInput id="outbox-kind" className="h-11 w-60" value={kind} onChange={(e) => (setKind(e.target.value), setPage(1))}>
            <option value="">Todos</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {emailKindLabel(k)}
              </option>
            ))}
          </SelectInput>
        </div>
      </div>
      {outbox.isError ? <QueryError error={outbox.error} onRetry={() => void outbox.refetch()} /> : null}
      {/* Cards until the space beside the menu fits the five columns, then the table. */}
      <div className="@container">
        <ul className="grid gap-3 @3xl:hidden" aria-label="Caixa de saída">
          {rows.map((row) => (
            <li key={row.id} data-testid="outbox-card" className="rounded-2xl border border-line bg-card p-4 shadow-soft">
              <p className="font-semibold text-ink">{row.subject}</p>
              <p className="mt-0.5 text-sm text-ink-muted">
                <EmailText email={row.toAddress} />
              </p>
              <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm">
                <StatusBadge status={row.status} />
                <span className="text-ink-muted">
                  {emailKindLabel(row.kind)} · <span className="whitespace-nowrap tabular-nums">{dateTime.format(new Date(row.createdAt))}</span>
                </span>
              </div>
              {row.error ? <p className="mt-1 text-xs text-danger">{row.error}</p> : null}
              <div className="mt-3 border-t border-line pt-3">{openButton(row)}</div>
            </li>
          ))}
          {outbox.isPending ? <Skeleton className="h-32 w-full" /> : null}
          {outbox.data && rows.length === 0 ? <li className="py-6 text-center text-ink-muted">Nenhum e-mail com estes filtros.</li> : null}
        </ul>
        <DataTable caption="Caixa de saída" narrow className="hidden @3xl:block">
          <thead>
            <tr>
              <Th>Para</Th>
              <Th>Assunto</Th>
              <Th>Tipo</Th>
              <Th>Situação</Th>
              <Th>Criado</Th>
              <Th>
                <span className="sr-only">Ações</span>
              </Th>
            </tr>
          </thead>
          <tbody>
            {outbox.isPending ? (
              <Tr>
                <Td colSpan={6}>
                  <Skeleton className="h-6 w-full" />
                </Td>
              </Tr>
            ) : null}
            {rows.map((row) => (
              <Tr key={row.id} data-testid="outbox-row">
                <Td className="min-w-[10rem]">
                  <EmailText email={row.toAddress} />
                </Td>
                <Td className="font-semibold">{row.subject}</Td>
                <Td>{emailKindLabel(row.kind)}</Td>
                <Td>
                  <StatusBadge status={row.status} />
                  {row.error ? <p className="mt-1 max-w-xs text-xs text-danger">{row.error}</p> : null}
                </Td>
                <Td className="whitespace-nowrap tabular-nums">{dateTime.format(new Date(row.createdAt))}</Td>
                <Td>{openButton(row)}</Td>
              </Tr>
            ))}
            {outbox.data && rows.length === 0 ? (
              <Tr>
                <Td colSpan={6} className="py-8 text-center text-ink-muted">
                  Nenhum e-mail com estes filtros.
                </Td>
              </Tr>
            ) : null}
          </tbody>
        </DataTable>
      </div>
      {outbox.data ? <Pagination pageInfo={outbox.data.pageInfo} onPage={setPage} label="e-mails" /> : null}
      <MessageDialog row={opened} onClose={() => setOpened(null)} />
    </div>
  )
}
