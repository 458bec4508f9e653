import { toast } from 'sonner'
import { isDemoSessionVariant, DEMO_MSG } from '@sintonia/contract'
import { DemoPage } from '../../features/demo'
import { createListenerPlayer, describeSession, loadPublicBackgroundMusic, StandalonePlayer, useListenerPlayer } from '../../features/player'
import { PageLoader } from '../../components/page-loader'
import { pageAudioElements } from '../../lib/page-audio'
import { useProductName } from '../../lib/product-name'

/**
 * `/demo` — lazy route. The free demo plays in the listener's own player (one rendered session
 * with its repetitions and background music, settings), limited to the demo audio and to the
 * demo's session variants (docs/product/sessions.md#who-may-hear-it). Where no
 * session can be had, the page plays the voice with the public built-in track, since the admins'
 * tracks are for subscribers.
 */
export default function DemoRoute() {
  const productName = useProductName()
  const player = useListenerPlayer(() => {
    const elements = pageAudioElements()
    return createListenerPlayer({
      loadMusic: loadPublicBackgroundMusic,
      // The demo's session is public: the same continuous stream subscribers hear, for the demo's
      // few variants the server renders ahead; other settings play the audio's own file by page code.
      resolveSession: (request) => (isDemoSessionVariant(request) ? describeSession(request) : Promise.resolve(null)),
      ...(elements ? { voiceElement: elements.voice, musicElement: elements.music } : {}),
    })
  })
  return (
    <DemoPage
      productName={productName}
      renderPlayer={(audio, fieldTitle) =>
        player ? (
          <StandalonePlayer
            player={player}
            audio={audio}
            contextTitle={fieldTitle}
            productName={productName}
            onReset={() => toast.success(DEMO_MSG.restarted)}
          />
        ) : (
          <PageLoader className="min-h-48" />
        )
      }
    />
  )
}
