import { AUDIO_PROGRESS_TOAST_EVERY } from '@sintonia/contract'

/** The 'Excelente progresso!' toast shows on repetition counts that are multiples of 5. */
export function isProgressMilestone(completedRepeats: number): boolean {
  return completedRepeats > 0 && completedRepeats % AUDIO_PROGRESS_TOAST_EVERY === 0
}
