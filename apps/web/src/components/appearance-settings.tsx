import { useId } from 'react'
import { Moon, Palette, Sun, SunMoon } from 'lucide-react'
import { THEME_MSG, type ThemeChoice } from '@sintonia/contract'
import { cn } from '../lib/cn'
import { setEveningNight, setThemeChoice, useTheme } from '../lib/theme'

const CHOICES: Array<{ value: ThemeChoice; label: string; hint: string; icon: typeof Sun }> = [
  { value: 'auto', label: THEME_MSG.auto, hint: THEME_MSG.autoHint, icon: SunMoon },
  { value: 'day', label: THEME_MSG.day, hint: THEME_MSG.dayHint, icon: Sun },
  { value: 'night', label: THEME_MSG.night, hint: THEME_MSG.nightHint, icon: Moon },
]

/**
 * "Aparência" in Minha conta (docs/design.md#night): day, night, or the system's setting, kept on
 * this device; and whether the player opens in night in the evening.
 */
export function AppearanceSettings() {
  const headingId = useId()
  const { choice, eveningNight } = useTheme()
  return (
    <section aria-labelledby={headingId} className="rounded-3xl border border-line bg-card p-5 shadow-soft sm:p-7">
      <div className="flex items-center gap-3">
        <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-xl bg-tint-strong text-accent [&_svg]:size-5">
          <Palette />
        </span>
        <div>
          <h2 id={headingId} className="text-lg font-bold tracking-tight text-ink">
            {THEME_MSG.title}
          </h2>
          <p className="text-sm text-ink-muted">{THEME_MSG.description}</p>
        </div>
      </div>
      <div role="radiogroup" aria-labelledby={headingId} className="mt-5 grid gap-2 sm:grid-cols-3">
        {CHOICES.map(({ value, label, hint, icon: Icon }) => {
          const checked = choice === value
          return (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={checked}
              onClick={() => setThemeChoice(value)}
              className={cn(
                'flex items-start gap-3 rounded-2xl border px-4 py-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                checked ? 'border-brand-600 bg-tint' : 'border-line bg-card hover:bg-tint',
              )}
            >
              <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', checked ? 'text-accent' : 'text-ink-muted')} />
              <span>
                <span className="block text-sm font-semibold text-ink">{label}</span>
                <span className="block text-xs text-ink-muted">{hint}</span>
              </span>
            </button>
          )
        })}
      </div>
      <label className="mt-5 flex items-start justify-between gap-4">
        <span>
          <span className="block text-sm font-semibold text-ink">{THEME_MSG.evening}</span>
          <span className="block text-xs text-ink-muted">{THEME_MSG.eveningHint}</span>
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={eveningNight}
          disabled={choice !== 'auto'}
          onChange={(event) => setEveningNight(event.currentTarget.checked)}
          className="mt-1 size-5 shrink-0 accent-brand-700"
        />
      </label>
    </section>
  )
}
