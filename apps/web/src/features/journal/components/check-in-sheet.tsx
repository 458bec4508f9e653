import { useState } from 'react'
import { isCheckInClosed } from '../lib/check-in-memory'
import { CheckInCard, type CheckInPractice } from './check-in-card'

/**
 * The check-in as a sheet at the bottom of the player after an audio ends: above the bottom bar on
 * phones (never under it; at the screen's foot while the full-screen player has put the bars
 * aside, html[data-immersive]), at most as tall as the room between the bars, scrolling inside
 * when the screen is short. It does not block the page: the player stays usable behind it.
 */
export function CheckInSheet({ practice, onClose }: { practice: CheckInPractice; onClose: () => void }) {
  // A practice saved or skipped today is not asked about again.
  const [closed] = useState(() => isCheckInClosed(practice))
  if (closed) return null
  return (
    <div
      data-testid="check-in-sheet"
      className="pointer-events-none fixed inset-x-0 bottom-(--bottom-bar-height) z-30 px-3 pb-3 md:bottom-0 md:px-6 md:pb-6 max-md:[html[data-immersive]_&]:bottom-0 max-md:[html[data-immersive]_&]:pb-[calc(0.75rem+env(safe-area-inset-bottom))]"
    >
      <div className="pointer-events-auto mx-auto max-h-[calc(100dvh-var(--bottom-bar-height)-5rem)] max-md:[html[data-immersive]_&]:max-h-[calc(100dvh-2rem)] max-w-lg animate-fade-in overflow-y-auto overscroll-contain rounded-3xl md:max-h-[calc(100dvh-6rem)]">
        <CheckInCard practice={practice} variant="sheet" onClose={onClose} />
      </div>
    </div>
  )
}
