import { useSearchParams } from 'react-router'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { cn } from '../../../lib/cn'
import { ComposePanel } from './compose-panel'
import { LeadsPanel } from './leads-panel'
import { OutboxPanel } from './outbox-panel'

const TABS = [
  { id: 'leads', label: 'Leads' },
  { id: 'enviar', label: 'Enviar e-mail' },
  { id: 'saida', label: 'Caixa de saída' },
] as const
type TabId = (typeof TABS)[number]['id']

/** `/admin/communication`: leads (filters, CSV), e-mail to a segment, and the outbox. The tab lives in ?aba=. */
export function CommunicationPage() {
  const [params, setParams] = useSearchParams()
  const current: TabId = TABS.find((tab) => tab.id === params.get('aba'))?.id ?? 'leads'
  return (
    <div>
      <AdminPageHeader title="Comunicação" description="Leads da página de inscrição, e-mails para um público e tudo o que o produto enviou." />
      <div role="tablist" aria-label="Seções da comunicação" className="mb-6 flex gap-1 rounded-2xl border border-line bg-card p-1 shadow-soft">
        {TABS.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={current === tab.id}
            aria-controls={`panel-${tab.id}`}
            onClick={() => setParams({ aba: tab.id }, { replace: true })}
            className={cn(
              'flex-1 rounded-xl px-2 py-2.5 text-sm leading-tight font-semibold transition-colors sm:px-4 focus-visible:outline-2 focus-visible:outline-brand-600',
              current === tab.id ? 'bg-brand-700 text-white shadow-glow' : 'text-accent-strong hover:bg-tint',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${current}`} aria-labelledby={`tab-${current}`}>
        {current === 'leads' ? <LeadsPanel /> : current === 'enviar' ? <ComposePanel /> : <OutboxPanel />}
      </div>
    </div>
  )
}
