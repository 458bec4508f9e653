import { PageLoader } from '../../../components/page-loader'
import { getErrorMessage } from '../../../lib/api-client'
import { useDemo } from '../api/demo-queries'
import { DemoUnavailable } from './demo-unavailable'
import { DemoView } from './demo-view'

/** The public demo page `/demo` (docs/product/public-pages.md#demo-demo). */
export function DemoPage({ productName }: { productName: string }) {
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
  if (!data || !audio || !audio.url) {
    return (
      <>
        {title}
        <DemoUnavailable
          message={demo.isError ? getErrorMessage(demo.error) : undefined}
          onRetry={() => void demo.refetch()}
          retrying={demo.isFetching}
        />
      </>
    )
  }

  return (
    <>
      {title}
      <DemoView audio={audio} fieldTitle={data.fieldTitle} isAlternative={data.isAlternative} />
    </>
  )
}
