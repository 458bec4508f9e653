import { ChevronLeft, ChevronRight } from 'lucide-react'
import type { PageInfo } from '@sintonia/contract'
import { Button } from '../ui/button'

const numberFormat = new Intl.NumberFormat('pt-BR')

/** "1–20 de 57" with previous/next buttons, for the admin's paginated lists. */
export function Pagination({ pageInfo, onPage, label }: { pageInfo: PageInfo; onPage: (page: number) => void; label: string }) {
  const { page, pageSize, total } = pageInfo
  const pages = Math.max(1, Math.ceil(total / pageSize))
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  return (
    <nav aria-label={`Páginas de ${label}`} className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-muted">
      <p aria-live="polite">
        {total === 0 ? 'Nenhum resultado' : `${numberFormat.format(first)}–${numberFormat.format(last)} de ${numberFormat.format(total)}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft aria-hidden="true" />
          Anterior
        </Button>
        <span className="tabular-nums">
          {page} / {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Próxima
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  )
}
