import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { DownloadButton, OfflineAvailabilityNotice } from '../../features/offline'
import { useConnectivity } from '../../features/connectivity'
import { CheckInCard, MoodBefore } from '../../features/journal'
import { PlayerPage, PlayerPageLoading } from '../../features/player'
import { readAutoStart, TodaySession } from '../../features/practice'
import { useReminderOpened } from '../../features/reminders'
import { useProductName } from '../../lib/product-name'
import { useOfflineListenerPlayer } from '../use-offline-listener-player'
import { wireSessionDownloads } from '../session-downloads'

// Downloads from this page keep the session of the listener's settings too.
wireSessionDownloads()

/**
 * `/hoje` — lazy route under the subscriber guard: today's session of the featured programme
 * (features/practice) played by the listener's player (features/player) as one rendered session
 * of the day's audios, each with the day's count, from where the listener left it; it plays on
 * with the screen locked. A reminder's link lands here (features/reminders marks it opened). Before
 * the practice an optional mood, after it the check-in of the Diário (features/journal).
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
      renderBeforePractice={(practice) => <MoodBefore practice={practice} />}
      renderAfterPractice={(practice) => <CheckInCard practice={practice} />}
      renderPlayer={(session) =>
        player ? (
          <PlayerPage
            player={player}
            queue={session.queue}
            index={session.index}
            mode="playlist"
            continuous
            onIndexChange={(index) => session.onIndexChange(index)}
            onRepetitionHeard={(heard) => session.onRepetitionHeard({ index: heard.index, completed: heard.completed })}
            contextTitle={session.contextTitle}
            contextDescription={session.intention}
            backTo="/dashboard"
            backLabel="Voltar ao início"
            totalLabel="Áudios do dia"
            repetitionsToday={session.repetitionsToday}
            productName={productName}
            actions={(item) => {
              const step = session.queue.find((q) => q.id === item.id)
              return step ? <DownloadButton compact audio={{ id: step.id, title: step.title, fieldId: step.fieldId, url: step.url, duration: step.duration }} /> : null
            }}
            notice={(item) => (
              <>
                {session.steps}
                <OfflineAvailabilityNotice audioId={item.id} online={connection.isOnline} />
              </>
            )}
          />
        ) : (
          <PlayerPageLoading />
        )
      }
    />
  )
}
