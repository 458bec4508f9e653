import type { ReactNode } from 'react'
import { DEMO_MSG, type Audio } from '@sintonia/contract'
import { PageLoader } from '../../../components/page-loader'
import { errorMessageOr } from '../../../lib/api-client'
import { useDemo } from '../api/demo-queries'
import { demoAudioProblem } from '../lib/demo-audio'
import { DemoUnavailable } from './demo-unavailable'
import { DemoView } from './demo-view'

export interface DemoPageProps {
  productName: string
  /** The player for the demo audio (the route composes the player feature's). */
  renderPlayer: (audio: Audio, fieldTitle: string | null) => ReactNode
}

/** The public demo page `/demo` (docs/product/public-pages.md#demo-demo). */
export function DemoPage({ productName, renderPlayer }: DemoPageProps) {
  const demo = useDemo()
  const title = <title>{`Demonstração gratuita — ${productName}`}</title>

  if (demo.isPending) {
    return (
      <>
        {title}
        <PageLoader />
      </>
    )
  }

  const data = demo.data
  const audio = data?.audio
  const problem = audio ? demoAudioProblem(audio) : null
  if (!data || !audio || problem) {
    // Why, in the product's words: the request failed (with the connection's or the server's own
    // reason under it), no audio can serve as demo, or the one given has no playable file or no title.
    const message = demo.isError ? DEMO_MSG.loadError : data && !audio ? DEMO_MSG.notConfigured : (problem ?? DEMO_MSG.noneAvailable)
    const detail = demo.isError ? errorMessageOr(demo.error, '') : ''
    return (
      <>
        {title}
        <DemoUnavailable
          message={message}
          detail={detail && detail !== message ? detail : undefined}
          onRetry={() => void demo.refetch()}
          retrying={demo.isFetching}
        />
      </>
    )
  }

  return (
    <>
      {title}
      <DemoView audio={audio} fieldTitle={data.fieldTitle} isAlternative={data.isAlternative} player={renderPlayer(audio, data.fieldTitle)} />
    </>
  )
}
