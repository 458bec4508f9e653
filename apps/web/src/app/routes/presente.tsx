import { useNavigate, useParams } from 'react-router'
import { loginPathFor, useAcceptSignedInUser, useSignedIn } from '../../features/auth'
import { GiftLinkPage } from '../../features/gifts'
import { useStartSuggestedProgram } from '../../features/practice'
import { useProductName } from '../../lib/product-name'
import { subscriptionChecker } from '../../lib/use-subscription'

/**
 * `/presente/:token` — the gift e-mail's link (public). After redeeming, the new subscriber lands on
 * today's practice of a suggested programme, as after a purchase.
 */
export default function PresenteRoute() {
  const { token = '' } = useParams()
  const signedIn = useSignedIn()
  const navigate = useNavigate()
  const acceptSignedIn = useAcceptSignedInUser()
  const startProgram = useStartSuggestedProgram()
  return (
    <GiftLinkPage
      productName={useProductName()}
      token={token}
      viewer={{ status: signedIn.status, email: signedIn.user?.email ?? null, isAdmin: signedIn.isAdmin }}
      loginPath={loginPathFor(`/presente/${token}`)}
      onSignedIn={acceptSignedIn}
      afterRedeem={async () => {
        // The plan starts now: the subscriber guard must see it before the practice page opens.
        await subscriptionChecker.check({ force: true })
        return startProgram()
      }}
      navigate={(path) => void navigate(path, { replace: true })}
    />
  )
}
