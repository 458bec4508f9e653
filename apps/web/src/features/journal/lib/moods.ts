import { Annoyed, Frown, Laugh, Meh, Smile, type LucideIcon } from 'lucide-react'
import { MOODS, type MoodValue } from '@sintonia/contract'

/** Each mood's face (lucide icons: no emoji font needed) and a calm colour for its chip. */
export const MOOD_FACES: Record<MoodValue, LucideIcon> = { 1: Frown, 2: Annoyed, 3: Meh, 4: Smile, 5: Laugh }

export const MOOD_OPTIONS = MOODS.map((mood) => ({ ...mood, Icon: MOOD_FACES[mood.value] }))

/** 'Muito bem (5 de 5)' */
export function moodText(value: number | null | undefined): string | null {
  const mood = MOODS.find((candidate) => candidate.value === value)
  return mood ? `${mood.label} (${mood.value} de 5)` : null
}

/** The nearest mood's label for an average ('Bem' for 4.3). */
export function nearestMoodLabel(average: number | null): string | null {
  if (average === null) return null
  const value = Math.min(5, Math.max(1, Math.round(average)))
  return MOODS.find((mood) => mood.value === value)?.label ?? null
}
