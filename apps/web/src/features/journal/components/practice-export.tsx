import { Download, FileSpreadsheet } from 'lucide-react'
import { buttonVariants } from '../../../components/ui/button'
import { PRACTICE_CSV_URL } from '../api/journal-api'

/**
 * Minha conta › "Exportar minha prática (CSV)": the check-ins of the Diário — day, minutes, the
 * practice, the moods before and after, the note — as a spreadsheet (UTF-8, ';', ADR 032).
 */
export function PracticeExport() {
  return (
    <section aria-labelledby="practice-export-title" className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent [&_svg]:size-5">
          <FileSpreadsheet />
        </span>
        <h2 id="practice-export-title" className="text-lg font-bold tracking-tight text-ink">
          Sua prática em planilha
        </h2>
      </div>
      <p className="mt-4 text-[0.95rem] leading-relaxed text-ink-muted">
        Os registros do seu Diário — dia, minutos, prática, humor antes e depois, nota — num arquivo CSV que abre no Excel, no Google Planilhas ou no Numbers.
      </p>
      <a href={PRACTICE_CSV_URL} download className={buttonVariants({ variant: 'outline', className: 'mt-4' })}>
        <Download aria-hidden="true" />
        Exportar minha prática (CSV)
      </a>
    </section>
  )
}
