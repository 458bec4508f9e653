import { toast } from 'sonner'
import { MSG } from '@sintonia/contract'
import { DemoPage } from '../../features/demo'
import { createListenerPlayer, loadPublicBackgroundMusic, StandalonePlayer, useListenerPlayer } from '../../features/player'
import { PageLoader } from '../../components/page-loader'
import { pageAudioElements } from '../../lib/page-audio'
import { useProductName } from '../../lib/product-name'

/**
 * `/demo` — lazy route. The free demo plays in the listener's own player (repetitions, background
 * music, settings), limited to the demo audio; its music is the public built-in track, since the
 * admins' tracks are for subscribers.
 */
export default function DemoRoute() {
  const productName = useProductName()
  const player = useListenerPlayer(() => {
    const elements = pageAudioElements()
    return createListenerPlayer({
      loadMusic: loadPublicBackgroundMusic,
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
            onReset={() => toast.success(MSG.demo.restarted)}
          />
        ) : (
          <PageLoader className="min-h-48" />
        )
      }
    />
  )
}
