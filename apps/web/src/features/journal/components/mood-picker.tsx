import { useId } from 'react'
import { cn } from '../../../lib/cn'
import { MOOD_OPTIONS } from '../lib/moods'

export interface MoodPickerProps {
  /** The question, read as the group's name ('Como você está agora?'). */
  label: string
  /** Shown as the visible question; false when the page already shows it as a heading. */
  showLabel?: boolean
  value: number | null
  /** A tap on the chosen mood clears it: every mood is optional. */
  onChange: (value: number | null) => void
  size?: 'md' | 'sm'
  disabled?: boolean
  className?: string
}

/**
 * Five one-tap moods, from "Muito mal" to "Muito bem": each a toggle button with its face and its
 * word (the word is the button's name), the chosen one pressed. Nothing is chosen until the
 * listener taps; a second tap takes it back.
 */
export function MoodPicker({ label, showLabel = true, value, onChange, size = 'md', disabled = false, className }: MoodPickerProps) {
  const labelId = useId()
  return (
    <div role="group" aria-labelledby={labelId} className={className}>
      <p id={labelId} className={cn(showLabel ? 'mb-2 text-[0.95rem] font-semibold text-ink' : 'sr-only')}>
        {label}
      </p>
      <div className="grid grid-cols-5 gap-1.5 sm:gap-2">
        {MOOD_OPTIONS.map(({ value: mood, label: word, Icon }) => {
          const pressed = value === mood
          return (
            <button
              key={mood}
              type="button"
              aria-pressed={pressed}
              disabled={disabled}
              data-mood={mood}
              onClick={() => onChange(pressed ? null : mood)}
              className={cn(
                'flex min-w-0 flex-col items-center justify-center gap-1 rounded-2xl border px-0.5 text-center font-semibold transition-[background-color,border-color,color,transform] duration-200',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 active:translate-y-px disabled:opacity-55',
                size === 'md' ? 'min-h-18 py-2 text-[0.72rem] sm:text-xs [&_svg]:size-7' : 'min-h-14 py-1.5 text-[0.68rem] [&_svg]:size-5',
                pressed ? 'border-brand-600 bg-tint-strong text-accent-strong' : 'border-line bg-card text-ink-muted hover:border-line-strong hover:bg-tint hover:text-accent-strong',
              )}
            >
              <Icon aria-hidden="true" strokeWidth={pressed ? 2.25 : 1.75} />
              <span className="leading-tight">{word}</span>
            </button>
          )
        })}
      </div>
    </div>
  )
}
