import { useState } from 'react'
import { ChevronDown } from 'lucide-react'
import { cn } from '../../../lib/cn'
import { readMoodBefore, rememberMoodBefore, type PracticeRef } from '../lib/check-in-memory'
import { moodText } from '../lib/moods'
import { MoodPicker } from './mood-picker'

/**
 * "Como você está antes?" — a small, closed line before a practice. Opened, the five moods; the
 * one chosen is kept in this tab and joins the check-in after the practice.
 */
export function MoodBefore({ practice, className }: { practice: PracticeRef; className?: string }) {
  const [mood, setMood] = useState<number | null>(() => readMoodBefore(practice))
  const [open, setOpen] = useState(false)
  const choose = (value: number | null) => {
    setMood(value)
    rememberMoodBefore(practice, value)
    if (value !== null) setOpen(false)
  }
  return (
    <div data-testid="mood-before" className={cn('rounded-2xl bg-tint/70 px-3 py-2', className)}>
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-10 w-full items-center justify-between gap-2 rounded-xl text-left text-sm text-ink-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span>
          <span className="font-semibold text-ink">Como você está antes?</span>{' '}
          {mood !== null ? <span>{moodText(mood)}</span> : <span>(opcional)</span>}
        </span>
        <ChevronDown aria-hidden="true" className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
      </button>
      {open ? <MoodPicker label="Como você está antes?" showLabel={false} value={mood} onChange={choose} size="sm" className="mt-2 pb-1" /> : null}
    </div>
  )
}
