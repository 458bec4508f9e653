import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { DownloadButton, OfflineAvailabilityNotice } from '../../features/offline'
import { useConnectivity } from '../../features/connectivity'
import { PlayerPage, PlayerPageLoading } from '../../features/player'
import { readAutoStart, TodaySession } from '../../features/practice'
import { useReminderOpened } from '../../features/reminders'
import { useProductName } from '../../lib/product-name'
import { useOfflineListenerPlayer } from '../use-offline-listener-player'

/**
 * `/hoje` — lazy route under the subscriber guard: today's session of the featured programme
 * (features/practice) played by the listener's player (features/player) in playlist mode, each
 * audio with the day's repetition count, from where the listener left it. A reminder's link
 * lands here (features/reminders marks it opened).
 */
export default function HojeRoute() {
  const productName = useProductName()
  const location = useLocation()
  const navigate = useNavigate()
  const connection = useConnectivity()
  // Opened from a reminder (/hoje?lembrete=<id>): the reminder is marked opened, once.
  useReminderOpened()
  const player = useOfflineListenerPlayer()

  // "Começar a prática de hoje" was the click: the first audio starts once loaded, once.
  const autoStart = readAutoStart(location.state)
  useEffect(() => {
    if (!player || !autoStart) return
    void player.voice.playWhenReady()
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null })
  }, [player, autoStart, navigate, location.pathname, location.search])

  return (
    <TodaySession
      productName={productName}
      renderPlayer={(session) =>
        player ? (
          <PlayerPage
            // A new step is a new page for the player: it loads the audio with its own count.
            key={session.index}
            player={player}
            audio={{ ...session.step.audio, repeatCount: session.step.repetitions, completedRepeats: session.startAt }}
            mode="playlist"
            contextTitle={session.contextTitle}
            contextDescription={session.intention}
            index={session.index}
            total={session.total}
            nextTitle={session.nextTitle}
            onPrevious={session.onPrevious}
            onNext={session.onNext}
            onRepeatCompleted={session.onRepeatCompleted}
            onCycleCompleted={session.onCycleCompleted}
            backTo="/dashboard"
            backLabel="Voltar ao início"
            totalLabel="Áudios do dia"
            productName={productName}
            actions={
              <DownloadButton
                compact
                audio={{ id: session.step.audio.id, title: session.step.audio.title, fieldId: session.step.audio.fieldId, url: session.step.audio.url, duration: session.step.audio.duration }}
              />
            }
            notice={
              <>
                {session.steps}
                <OfflineAvailabilityNotice audioId={session.step.audio.id} online={connection.isOnline} />
              </>
            }
          />
        ) : (
          <PlayerPageLoading />
        )
      }
    />
  )
}
