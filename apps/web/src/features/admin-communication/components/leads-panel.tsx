import { useState } from 'react'
import { Download } from 'lucide-react'
import { INTEREST_OPTIONS, interestLabel, leadSourceLabel } from '@sintonia/contract'
import { DateRangeFields, rangeParams, type DateRange } from '../../../components/admin/date-range-fields'
import { Pagination } from '../../../components/admin/pagination'
import { QueryError } from '../../../components/admin/query-error'
import { DataTable, Td, Th, Tr } from '../../../components/admin/table'
import { buttonVariants } from '../../../components/ui/button'
import { SelectInput } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { leadsCsvUrl, useLeads } from '../api/communication'

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

export function LeadsPanel() {
  const [interest, setInterest] = useState('')
  const [range, setRange] = useState<DateRange>({ from: '', to: '' })
  const [page, setPage] = useState(1)
  const filters = { ...(interest ? { interest } : {}), ...rangeParams(range) }
  const leads = useLeads({ ...filters, page: String(page) })

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="leads-interest" className="text-sm font-semibold text-ink">
            Área de interesse
          </label>
          <SelectInput
            id="leads-interest"
            className="h-11 w-60"
            value={interest}
            onChange={(e) => {
              setInterest(e.target.value)
              setPage(1)
            }}
          >
            <option value="">Todas</option>
            {INTEREST_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectInput>
        </div>
        <DateRangeFields
          idPrefix="leads"
          value={range}
          onChange={(next) => {
            setRange(next)
            setPage(1)
          }}
        />
        <a href={leadsCsvUrl(filters)} download className={buttonVariants({ variant: 'outline', className: 'h-11' })}>
          <Download aria-hidden="true" />
          Exportar CSV
        </a>
      </div>
      {leads.isError ? <QueryError error={leads.error} onRetry={() => void leads.refetch()} /> : null}
      <DataTable caption="Leads">
        <thead>
          <tr>
            <Th>Nome</Th>
            <Th>E-mail</Th>
            <Th>WhatsApp</Th>
            <Th>Interesse</Th>
            <Th>Origem</Th>
            <Th>Inscrição</Th>
          </tr>
        </thead>
        <tbody>
          {leads.isPending ? (
            <Tr>
              <Td colSpan={6}>
                <Skeleton className="h-6 w-full" />
              </Td>
            </Tr>
          ) : null}
          {leads.data?.leads.map((lead) => (
            <Tr key={lead.id}>
              <Td className="font-semibold">{lead.name}</Td>
              <Td>{lead.email}</Td>
              <Td className="whitespace-nowrap">{lead.phone ?? '—'}</Td>
              <Td>{interestLabel(lead.interestField) ?? '—'}</Td>
              <Td className="text-ink-muted">{[leadSourceLabel(lead.source), lead.utmSource, lead.utmCampaign].filter(Boolean).join(' · ')}</Td>
              <Td className="whitespace-nowrap tabular-nums">{dateTime.format(new Date(lead.createdAt))}</Td>
            </Tr>
          ))}
          {leads.data && leads.data.leads.length === 0 ? (
            <Tr>
              <Td colSpan={6} className="py-8 text-center text-ink-muted">
                Nenhum lead com estes filtros.
              </Td>
            </Tr>
          ) : null}
        </tbody>
      </DataTable>
      {leads.data ? <Pagination pageInfo={leads.data.pageInfo} onPage={setPage} label="leads" /> : null}
    </div>
  )
}
