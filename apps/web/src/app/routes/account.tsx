import { useEffect } from 'react'
import { AccountPage } from '../../features/account'
import { useEndSignIn, useRefreshSignedIn, useReplaceSignedInUser, useSignedIn } from '../../features/auth'
import { PracticeExport } from '../../features/journal'
import { DownloadsSummary } from '../../features/offline'
import { ReminderSettings } from '../../features/reminders'
import { AppearanceSettings } from '../../components/appearance-settings'
import { useProductName } from '../../lib/product-name'
import { useSubscription } from '../../lib/use-subscription'

/** `/minha-conta` — lazy route under the signed-in guard; composes account with auth. */
export default function AccountRoute() {
  const productName = useProductName()
  const signedIn = useSignedIn()
  const isUser = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: isUser })
  const endSignIn = useEndSignIn()
  const replaceSignedInUser = useReplaceSignedInUser()
  const refreshSignedIn = useRefreshSignedIn()

  // The e-mail may have been confirmed or changed from another device since the sign-in was read.
  useEffect(() => {
    void refreshSignedIn()
  }, [refreshSignedIn])

  if (!signedIn.user) return null

  return (
    <AccountPage
      productName={productName}
      user={signedIn.user}
      subscription={
        isUser
          ? {
              status: subscription.status,
              data: subscription.data,
              isChecking: subscription.isChecking,
              refresh: () => void subscription.refresh(),
            }
          : undefined
      }
      onDeleted={() => endSignIn('/')}
      onUserChange={replaceSignedInUser}
      onSignInStale={() => void refreshSignedIn()}
    >
      {/* Reminders only for a listener who may listen (the scheduler sends none to anyone else). */}
      {isUser && subscription.status === 'subscribed' ? <ReminderSettings /> : null}
      <AppearanceSettings />
      {isUser ? <DownloadsSummary href="/downloads" /> : null}
      {/* The CSV of one's practice: for every listener, subscribed or not (their own notes). */}
      {isUser ? <PracticeExport /> : null}
    </AccountPage>
  )
}
