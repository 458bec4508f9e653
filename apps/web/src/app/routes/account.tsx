import { useEffect } from 'react'
import { AccountPage } from '../../features/account'
import { useEndSession, useRefreshSession, useReplaceSessionUser, useSession } from '../../features/auth'
import { DownloadsSummary } from '../../features/offline'
import { ReminderSettings } from '../../features/reminders'
import { AppearanceSettings } from '../../components/appearance-settings'
import { useProductName } from '../../lib/product-name'
import { useSubscription } from '../../lib/use-subscription'

/** `/minha-conta` — lazy route under the signed-in guard; composes account with auth. */
export default function AccountRoute() {
  const productName = useProductName()
  const session = useSession()
  const isUser = session.status === 'authenticated' && !session.isAdmin
  const subscription = useSubscription({ enabled: isUser })
  const endSession = useEndSession()
  const replaceSessionUser = useReplaceSessionUser()
  const refreshSession = useRefreshSession()

  // The e-mail may have been confirmed or changed from another device since the session was read.
  useEffect(() => {
    void refreshSession()
  }, [refreshSession])

  if (!session.user) return null

  return (
    <AccountPage
      productName={productName}
      user={session.user}
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
      onDeleted={() => endSession('/')}
      onUserChange={replaceSessionUser}
      onSessionStale={() => void refreshSession()}
    >
      {/* Reminders only for a listener who may listen (the scheduler sends none to anyone else). */}
      {isUser && subscription.status === 'subscribed' ? <ReminderSettings /> : null}
      <AppearanceSettings />
      {isUser ? <DownloadsSummary href="/downloads" /> : null}
    </AccountPage>
  )
}
