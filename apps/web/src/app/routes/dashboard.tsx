import { useQueryClient } from '@tanstack/react-query'
import { ContinueListening, recentListeningKey } from '../../features/continue-listening'
import { DashboardPage } from '../../features/dashboard'
import { useSignedIn } from '../../features/auth'
import { InstallButton } from '../../features/install'
import { PlaylistsSection, playlistKeys } from '../../features/playlists'
import { DashboardPrograms, practiceKeys, TodayCard } from '../../features/practice'
import { SearchBox } from '../../features/search'
import { useSubscriptionDetails } from '../../features/subscription'
import { useProductName } from '../../lib/product-name'

/**
 * `/dashboard` (subscriber guard): composes the dashboard, today's practice first (the Today card and,
 * under it, the other programmes), then "Continuar ouvindo", search, install and playlists features,
 * and the listener's subscription for the access card.
 */
export default function DashboardRoute() {
  const productName = useProductName()
  const { user } = useSignedIn()
  const queryClient = useQueryClient()
  const details = useSubscriptionDetails({ enabled: true })
  return (
    <>
      <title>{`Início — ${productName}`}</title>
      <DashboardPage
        productName={productName}
        userId={user?.id}
        displayName={user?.displayName}
        renderSearch={(props) => <SearchBox {...props} />}
        installSlot={<InstallButton />}
        todaySlot={
          <div className="space-y-6">
            <TodayCard />
            <DashboardPrograms />
          </div>
        }
        continueSlot={<ContinueListening />}
        playlistsSlot={<PlaylistsSection />}
        subscription={details.data?.subscription}
        onRefresh={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: playlistKeys.all }, { throwOnError: true }),
            // Today's card shows its own state when its read fails; the programmes under it hide.
            queryClient.refetchQueries({ queryKey: practiceKeys.today }),
            queryClient.refetchQueries({ queryKey: practiceKeys.programs }),
            queryClient.refetchQueries({ queryKey: recentListeningKey }),
          ])
        }
      />
    </>
  )
}
