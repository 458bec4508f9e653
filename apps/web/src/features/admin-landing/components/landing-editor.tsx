import { useEffect, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from 'sonner'
import { Eye, PencilLine, RotateCcw } from 'lucide-react'
import { LANDING_EDIT_MSG, landingPageContentSchema, landingVersionOf, type LandingPageContent } from '@sintonia/contract'
import { AdminPageHeader } from '../../../components/admin/admin-page-header'
import { QueryError } from '../../../components/admin/query-error'
import { Button } from '../../../components/ui/button'
import { FormAlert, SubmitButton, useErrorReveal } from '../../../components/ui/form'
import { Skeleton } from '../../../components/ui/skeleton'
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { apiFieldErrors, zodFieldErrors, type FieldErrors } from '../../../lib/zod-issues'
import { useAdminLanding, useSaveLanding } from '../api/landing'
import { setIn, type Path } from '../lib/paths'
import { EditorContext, EnabledSwitch, IconItemsEditor, PriceOptionsEditor, SectionCard, TextRow } from './fields'

export interface LandingEditorProps {
  /** Renders the live preview of the unsaved content (the route composes the landing's sections). */
  renderPreview: (content: LandingPageContent, productName: string) => ReactNode
}

const SECTIONS = [
  { id: 'secao-hero', label: 'Principal' },
  { id: 'secao-o-que-e', label: 'O que é' },
  { id: 'secao-como-funciona', label: 'Como funciona' },
  { id: 'secao-diferenciais', label: 'Diferenciais' },
  { id: 'secao-comparacao', label: 'Comparação de preços' },
  { id: 'secao-rodape', label: 'Rodapé' },
]

function Editor({
  initial,
  initialVersion,
  productName,
  renderPreview,
  onReload,
}: {
  initial: LandingPageContent
  initialVersion: string
  productName: string
  renderPreview: LandingEditorProps['renderPreview']
  onReload: () => void
}) {
  const [draft, setDraft] = useState<LandingPageContent>(initial)
  // The version this edit started from; another admin's save since makes ours a conflict.
  const [version, setVersion] = useState(initialVersion)
  const [conflict, setConflict] = useState(false)
  const [errors, setErrors] = useState<FieldErrors>({})
  const reveal = useErrorReveal()
  const [view, setView] = useState<'edit' | 'preview'>('edit')
  const save = useSaveLanding()
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial)

  // Unsaved edits are not lost by closing the tab by mistake.
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const update = (path: Path, value: unknown) => {
    setDraft((current) => setIn(current, path, value))
    setErrors((current) => (Object.keys(current).length ? {} : current))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = landingPageContentSchema.safeParse(draft)
    if (!parsed.success) {
      setErrors(zodFieldErrors(parsed.error))
      setView('edit')
      reveal.reveal()
      toast.error('Revise os campos destacados', { description: parsed.error.issues[0]?.message })
      return
    }
    save.mutate({ content: parsed.data, version }, {
      onSuccess: (saved) => {
        setDraft(saved.content)
        setVersion(landingVersionOf(saved))
        setErrors({})
        toast.success('Página inicial salva')
      },
      // The draft stays as typed; the server's per-field messages show next to the fields.
      onError: (error) => {
        if (error instanceof ApiRequestError && error.status === 409) setConflict(true)
        setErrors(apiFieldErrors(error))
        reveal.reveal()
        toast.error('Não foi possível salvar a página inicial', { description: getErrorMessage(error) })
      },
    })
  }

  const errorCount = Object.keys(errors).length

  return (
    <EditorContext value={{ draft, errors, update }}>
      {conflict ? (
        <FormAlert className="mb-4">
          <span className="block">{LANDING_EDIT_MSG.conflict}</span>
          <Button variant="outline" className="mt-3" onClick={onReload}>
            <RotateCcw aria-hidden="true" />
            Carregar a versão atual
          </Button>
        </FormAlert>
      ) : null}
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="tablist" aria-label="Modo" className="inline-flex rounded-xl border border-line bg-card p-1 shadow-sm 2xl:hidden">
          {(['edit', 'preview'] as const).map((mode) => (
            <button
              key={mode}
              type="button"
              role="tab"
              aria-selected={view === mode}
              onClick={() => setView(mode)}
              className={cn(
                'inline-flex items-center gap-2 rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                view === mode ? 'bg-brand-700 text-white' : 'text-ink-muted hover:bg-tint',
              )}
            >
              {mode === 'edit' ? <PencilLine aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
              {mode === 'edit' ? 'Editar' : 'Pré-visualizar'}
            </button>
          ))}
        </div>
        <nav aria-label="Seções do conteúdo" className={cn('flex flex-wrap gap-1', view === 'preview' && 'hidden 2xl:flex')}>
          {SECTIONS.map((section) => (
            <a key={section.id} href={`#${section.id}`} className="rounded-lg px-2.5 py-1 text-sm text-accent-strong hover:bg-tint focus-visible:outline-2 focus-visible:outline-brand-600">
              {section.label}
            </a>
          ))}
        </nav>
      </div>

      <div className="2xl:grid 2xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] 2xl:gap-6">
        <form ref={reveal.ref} noValidate onSubmit={submit} className={cn('flex flex-col gap-5 pb-28', view === 'preview' && 'hidden 2xl:flex')} aria-label="Conteúdo da página inicial">
          {errorCount > 0 ? (
            <FormAlert>
              {errorCount === 1 ? 'Há 1 campo para revisar.' : `Há ${errorCount} campos para revisar.`} {Object.values(errors)[0]}
            </FormAlert>
          ) : null}

          <SectionCard id="secao-hero" title="Principal (hero)" description="Título, destaque e botões no topo da página. Use {product} para o nome do produto.">
            <TextRow path={['hero', 'title']} label="Título" required />
            <TextRow path={['hero', 'titleHighlight']} label="Destaque do título" hint="Aparece logo após o título, na cor de destaque." />
            <TextRow path={['hero', 'subtitle']} label="Subtítulo" multiline />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextRow path={['hero', 'ctaText']} label="Texto do botão principal" required />
              <TextRow path={['hero', 'demoText']} label="Texto do botão de demonstração" required />
            </div>
          </SectionCard>

          <SectionCard id="secao-o-que-e" title='"O que é"' aside={<EnabledSwitch path={['whatIsProduct', 'enabled']} label="Exibir seção" />}>
            <TextRow path={['whatIsProduct', 'title']} label="Título" required />
            <TextRow path={['whatIsProduct', 'subtitle']} label="Subtítulo" multiline hint="Aceita **negrito** e *itálico*." />
            <IconItemsEditor path={['whatIsProduct', 'benefits']} noun="Benefício" />
            <TextRow path={['whatIsProduct', 'scientificNote']} label="Nota científica" multiline />
          </SectionCard>

          <SectionCard id="secao-como-funciona" title='"Como funciona"' aside={<EnabledSwitch path={['comoFunciona', 'enabled']} label="Exibir seção" />}>
            <TextRow path={['comoFunciona', 'title']} label="Título" required />
            <TextRow path={['comoFunciona', 'subtitle']} label="Subtítulo" multiline />
            <IconItemsEditor path={['comoFunciona', 'steps']} noun="Etapa" />
            <TextRow path={['comoFunciona', 'finalNote']} label="Nota final" multiline />
          </SectionCard>

          <SectionCard id="secao-diferenciais" title='Diferenciais ("Por que escolher")'>
            <IconItemsEditor path={['features']} noun="Diferencial" />
          </SectionCard>

          <SectionCard id="secao-comparacao" title="Comparação de preços" aside={<EnabledSwitch path={['priceComparison', 'enabled']} label="Exibir seção" />}>
            <TextRow path={['priceComparison', 'title']} label="Título" required />
            <TextRow path={['priceComparison', 'subtitle']} label="Subtítulo" multiline />
            <PriceOptionsEditor path={['priceComparison', 'options']} />
            <TextRow path={['priceComparison', 'impactText']} label="Texto de impacto" multiline />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextRow path={['priceComparison', 'ctaButton', 'text']} label="Texto do botão" required />
              <TextRow path={['priceComparison', 'ctaButton', 'scrollToSection']} label="Seção de destino" required hint="O id da seção, por exemplo: planos" />
            </div>
          </SectionCard>

          <SectionCard id="secao-rodape" title="Rodapé">
            <TextRow path={['footer', 'copyright']} label="Direitos autorais" required hint="{year} vira o ano atual e {product}, o nome do produto." />
            <TextRow path={['footer', 'lgpdText']} label="Texto LGPD" multiline />
            <div className="grid gap-4 sm:grid-cols-3">
              <TextRow path={['footer', 'lgpdLink']} label="Link LGPD" required />
              <TextRow path={['footer', 'privacyPolicyLink']} label="Link da política de privacidade" required />
              <TextRow path={['footer', 'termsOfServiceLink']} label="Link dos termos de uso" required />
            </div>
          </SectionCard>

          <div className="fixed inset-x-0 bottom-[calc(4.25rem+env(safe-area-inset-bottom))] z-30 border-t border-line bg-card/95 px-4 py-3 shadow-[0_-8px_24px_-12px_rgb(37_18_99/0.18)] backdrop-blur md:bottom-0">
            <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-end gap-2">
              <p className="mr-auto text-sm text-ink-muted max-sm:sr-only" aria-live="polite">
                {dirty ? 'Alterações não salvas' : 'Tudo salvo'}
              </p>
              <Button variant="outline" className="max-sm:flex-1" disabled={!dirty || save.isPending} onClick={() => setDraft(initial)}>
                <RotateCcw aria-hidden="true" />
                Descartar
              </Button>
              <SubmitButton loading={save.isPending} loadingText="Salvando..." size="md" className="w-auto max-sm:flex-1" disabled={!dirty}>
                Salvar alterações
              </SubmitButton>
            </div>
          </div>
        </form>

        <section aria-label="Pré-visualização" className={cn('2xl:block', view === 'edit' && 'hidden')}>
          <div className="2xl:sticky 2xl:top-22">
            <p className="mb-2 text-sm font-semibold text-ink-muted">Pré-visualização (não salva)</p>
            <div className="max-h-[calc(100dvh-9rem)] overflow-auto rounded-2xl border border-line bg-card shadow-soft">
              {/* inert: the preview's links and buttons are not reachable, and its headings stay out of the page outline. */}
              <div inert className="[zoom:0.62] max-md:[zoom:0.9]" data-testid="landing-preview">
                {renderPreview(draft, productName)}
              </div>
            </div>
          </div>
        </section>
      </div>
    </EditorContext>
  )
}

/** `/admin/landing`: every section of the landing content with toggles, icon picker and preview. */
export function LandingEditor({ renderPreview }: LandingEditorProps) {
  const landing = useAdminLanding()
  // Refetches (another admin's save announced in realtime) never reset a draft; only this does.
  const [loads, setLoads] = useState(0)
  return (
    <div>
      <AdminPageHeader title="Página inicial" description="Edite os textos e as seções da landing page. As alterações aparecem para os visitantes ao salvar." />
      {landing.isError ? <QueryError error={landing.error} onRetry={() => void landing.refetch()} /> : null}
      {landing.isPending ? <Skeleton className="h-96 rounded-2xl" /> : null}
      {landing.data ? (
        // Keyed by explicit loads, not by updatedAt: a remount on a save would drop its callbacks
        // (toast) or the draft; "Carregar a versão atual" after a conflict starts the editor afresh.
        <Editor
          key={loads}
          initial={landing.data.content}
          initialVersion={landingVersionOf(landing.data)}
          productName={landing.data.productName}
          renderPreview={renderPreview}
          onReload={() => void landing.refetch().then(() => setLoads((count) => count + 1))}
        />
      ) : null}
    </div>
  )
}
