import { useId } from 'react'
import { ICON_NAMES, type IconName } from '@sintonia/contract'
import { ContentIcon } from '../icon'
import { cn } from '../../lib/cn'

/** pt-BR names read by screen readers and shown as tooltips. */
export const ICON_LABELS: Record<IconName, string> = {
  Brain: 'Cérebro',
  Heart: 'Coração',
  Target: 'Alvo',
  DollarSign: 'Cifrão',
  Activity: 'Atividade',
  Sparkles: 'Brilho',
  Play: 'Play',
  Users: 'Pessoas',
  Award: 'Prêmio',
  CheckCircle: 'Confirmado',
  TrendingUp: 'Crescimento',
  Zap: 'Energia',
  Shield: 'Escudo',
  Clock: 'Relógio',
  RefreshCw: 'Renovação',
  Headphones: 'Fones de ouvido',
}

export interface IconPickerProps {
  label: string
  value: string
  onChange: (icon: IconName) => void
  error?: string | null | undefined
  className?: string
}

/**
 * The product's icon list as a radio group of icon buttons (native radios: arrow keys move between
 * them, one Tab stop for the group).
 */
export function IconPicker({ label, value, onChange, error, className }: IconPickerProps) {
  const name = useId()
  return (
    <fieldset className={cn('flex flex-col gap-2', className)} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-[0.95rem] font-semibold text-ink">{label}</legend>
      <div className="flex flex-wrap gap-1.5">
        {ICON_NAMES.map((icon) => {
          const checked = value === icon
          return (
            <label
              key={icon}
              title={ICON_LABELS[icon]}
              className={cn(
                'grid size-10 cursor-pointer place-items-center rounded-xl border transition-colors',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                checked ? 'border-brand-600 bg-brand-700 text-white shadow-glow' : 'border-line bg-card text-ink-muted hover:border-line-strong hover:text-accent-strong',
              )}
            >
              <input type="radio" name={name} value={icon} checked={checked} onChange={() => onChange(icon)} className="sr-only" />
              <ContentIcon name={icon} className="size-5" />
              <span className="sr-only">{ICON_LABELS[icon]}</span>
            </label>
          )
        })}
      </div>
      {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
    </fieldset>
  )
}
