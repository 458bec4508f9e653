/** A thin bar at the top while the next page is on its way. */
export function ProgressBar() {
  return (
    <div role="progressbar" aria-label="Carregando página" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-tint-strong">
      <div className="h-full w-2/5 animate-progress bg-gradient-to-r from-brand-500 via-brand-700 to-gold-400" />
    </div>
  )
}
