import { createContext, use, useState, type ReactNode } from 'react'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { DEFAULT_ICON_NAME, OWN_PLAN_OPTION_ID, type IconName, type LandingPageContent } from '@sintonia/contract'
import { IconPicker } from '../../../components/admin/icon-picker'
import { TextArea } from '../../../components/admin/text-area'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { FormField, TextInput, describedBy } from '../../../components/ui/form'
import type { FieldErrors } from '../../../lib/zod-issues'
import { formatReais, newItemId, parseReais, pathKey, type Path } from '../lib/paths'

export interface EditorApi {
  draft: LandingPageContent
  errors: FieldErrors
  update: (path: Path, value: unknown) => void
}

export const EditorContext = createContext<EditorApi | null>(null)

function useEditor(): EditorApi {
  const editor = use(EditorContext)
  if (!editor) throw new Error('EditorContext ausente')
  return editor
}

function getIn(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined), value)
}

const inputId = (path: Path) => `landing-${pathKey(path).replaceAll('.', '-')}`

export function TextRow({ path, label, multiline = false, required = false, hint }: { path: Path; label: string; multiline?: boolean; required?: boolean; hint?: string }) {
  const { draft, errors, update } = useEditor()
  const id = inputId(path)
  const error = errors[pathKey(path)]
  const value = getIn(draft, path)
  const props = {
    id,
    value: typeof value === 'string' ? value : '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, { hint, error }),
  }
  return (
    <FormField id={id} label={label} requirement={required ? 'required' : undefined} hint={hint} error={error}>
      {multiline ? (
        <TextArea {...props} rows={3} onChange={(e) => update(path, e.target.value)} />
      ) : (
        <TextInput {...props} onChange={(e) => update(path, e.target.value)} />
      )}
    </FormField>
  )
}

/** 'Exibir seção' switch of an optional section. */
export function EnabledSwitch({ path, label }: { path: Path; label: string }) {
  const { draft, update } = useEditor()
  const enabled = getIn(draft, path) === true
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold text-ink">
      <input type="checkbox" role="switch" checked={enabled} onChange={(e) => update(path, e.target.checked)} className="peer sr-only" />
      <span
        aria-hidden="true"
        className="relative h-6 w-11 rounded-full bg-muted-strong transition-colors peer-checked:bg-emerald-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 after:absolute after:top-0.5 after:left-0.5 after:size-5 after:rounded-full after:bg-card after:shadow after:transition-[left] peer-checked:after:left-5.5"
      />
      {label}
    </label>
  )
}

export function SectionCard({ id, title, description, aside, children }: { id: string; title: string; description?: string; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card id={id} className="scroll-mt-8">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle as="h2">{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </div>
        {aside}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">{children}</CardContent>
    </Card>
  )
}

function ItemToolbar({ index, count, name, onMove, onRemove }: { index: number; count: number; name: string; onMove: (to: number) => void; onRemove: () => void }) {
  return (
    <div className="flex items-center gap-1">
      <Button variant="ghost" size="icon" className="size-8" aria-label={`Mover ${name} para cima`} disabled={index === 0} onClick={() => onMove(index - 1)}>
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" className="size-8" aria-label={`Mover ${name} para baixo`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" className="size-8 text-danger hover:bg-danger-soft" aria-label={`Remover ${name}`} onClick={onRemove}>
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  )
}

function moved<T>(list: T[], from: number, to: number): T[] {
  const next = [...list]
  const [item] = next.splice(from, 1)
  next.splice(to, 0, item as T)
  return next
}

/** A list of icon cards (benefits, steps, features): icon, title, description; add, move, remove. */
export function IconItemsEditor({ path, noun }: { path: Path; noun: string }) {
  const { draft, errors, update } = useEditor()
  const items = (getIn(draft, path) as { id: string; icon: string; title: string; description: string }[] | undefined) ?? []
  const listError = errors[pathKey(path)]
  return (
    <div className="flex flex-col gap-3">
      {listError ? <p className="text-sm font-medium text-danger">{listError}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const name = `${noun} ${index + 1}`
          return (
            <li key={item.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="font-semibold text-ink">{name}</p>
                <ItemToolbar
                  index={index}
                  count={items.length}
                  name={name}
                  onMove={(to) => update(path, moved(items, index, to))}
                  onRemove={() => update(path, items.filter((_, i) => i !== index))}
                />
              </div>
              <div className="flex flex-col gap-4">
                <IconPicker
                  label="Ícone"
                  value={item.icon}
                  onChange={(icon: IconName) => update([...path, index, 'icon'], icon)}
                  error={errors[pathKey([...path, index, 'icon'])]}
                />
                <TextRow path={[...path, index, 'title']} label="Título" required />
                <TextRow path={[...path, index, 'description']} label="Descrição" multiline />
              </div>
            </li>
          )
        })}
      </ol>
      <Button variant="outline" className="self-start" onClick={() => update(path, [...items, { id: newItemId(), icon: DEFAULT_ICON_NAME, title: '', description: '' }])}>
        <Plus aria-hidden="true" />
        Adicionar {noun.toLowerCase()}
      </Button>
    </div>
  )
}

function PriceInput({ path, label, hint = 'Valor por ano, em reais' }: { path: Path; label: string; hint?: string }) {
  const { draft, errors, update } = useEditor()
  const cents = getIn(draft, path)
  const [text, setText] = useState(typeof cents === 'number' ? formatReais(cents) : '')
  const [local, setLocal] = useState<string | null>(null)
  const id = inputId(path)
  const error = local ?? errors[pathKey(path)]
  return (
    <FormField id={id} label={label} requirement="required" error={error} hint={hint}>
      <TextInput
        id={id}
        inputMode="decimal"
        value={text}
        onChange={(e) => {
          setText(e.target.value)
          const parsed = parseReais(e.target.value)
          setLocal(parsed === null ? 'Informe um valor em reais, por exemplo 358,80' : null)
          if (parsed !== null) update(path, parsed)
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint, error })}
      />
    </FormField>
  )
}

/** Price comparison options: icon, name, frequency, price per year, highlight (one), badge. */
export function PriceOptionsEditor({ path }: { path: Path }) {
  const { draft, errors, update } = useEditor()
  const options = (getIn(draft, path) as { id: string; isHighlight: boolean }[] | undefined) ?? []
  const listError = errors[pathKey(path)]
  return (
    <div className="flex flex-col gap-3">
      {listError ? <p className="text-sm font-medium text-danger">{listError}</p> : null}
      <ol className="flex flex-col gap-3">
        {options.map((option, index) => {
          const name = `Opção ${index + 1}`
          const base = [...path, index]
          return (
            <li key={option.id} className="rounded-2xl border border-line bg-surface p-4">
              <div className="mb-3 flex items-center justify-between gap-2">
                <p className="font-semibold text-ink">{name}</p>
                <ItemToolbar
                  index={index}
                  count={options.length}
                  name={name}
                  onMove={(to) => update(path, moved(options, index, to))}
                  onRemove={() => update(path, options.filter((_, i) => i !== index))}
                />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <IconPicker
                  className="sm:col-span-2"
                  label="Ícone"
                  value={String(getIn(draft, [...base, 'icon']) ?? '')}
                  onChange={(icon: IconName) => update([...base, 'icon'], icon)}
                  error={errors[pathKey([...base, 'icon'])]}
                />
                <TextRow path={[...base, 'title']} label="Nome da opção" required />
                <TextRow path={[...base, 'frequency']} label="Frequência" required />
                <PriceInput
                  path={[...base, 'pricePerYear']}
                  label="Preço anual (R$)"
                  hint={
                    option.id === OWN_PLAN_OPTION_ID
                      ? 'Linha do próprio produto: a página mostra o preço real do plano anual (Preços); este valor só aparece se os planos não carregarem.'
                      : undefined
                  }
                />
                <TextRow path={[...base, 'badge']} label="Selo" />
                <label className="flex items-center gap-3 text-sm font-semibold text-ink sm:col-span-2">
                  <input
                    type="checkbox"
                    checked={option.isHighlight}
                    onChange={(e) =>
                      // Only one option is highlighted: checking one clears the others.
                      update(
                        path,
                        options.map((o, i) => ({ ...o, isHighlight: i === index ? e.target.checked : e.target.checked ? false : o.isHighlight })),
                      )
                    }
                    className="size-4 accent-brand-700"
                  />
                  Destacar esta opção
                </label>
              </div>
            </li>
          )
        })}
      </ol>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => update(path, [...options, { id: newItemId(), icon: DEFAULT_ICON_NAME, title: '', frequency: '', pricePerYear: 0, isHighlight: false, badge: '' }])}
      >
        <Plus aria-hidden="true" />
        Adicionar opção
      </Button>
    </div>
  )
}
