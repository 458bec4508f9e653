import { HardDriveDownload, LayoutDashboard, LogIn, LogOut, UserRound } from 'lucide-react'
import { Button, ButtonLink } from '../../components/ui/button'
import { useSession, useSignOut } from '../../features/auth'
import { cn } from '../../lib/cn'
import { useLocation } from '../../lib/navigation'
import { useSubscription } from '../../lib/use-subscription'
import { isSignInPage } from './sign-in-pages'

/**
 * The header's account cluster: the person's name, 'Downloads' and 'Minha conta' when signed in,
 * then the session button.
 */
export function AuthButton({ className, fullWidth = false }: { className?: string; fullWidth?: boolean }) {
  return (
    <>
      <UserGreeting />
      <DownloadsLink />
      <AccountLink />
      <SessionButton className={className} fullWidth={fullWidth} />
    </>
  )
}

/**
 * The session button (docs/product/README.md#header): hidden while the session loads, 'Sair'
 * when signed in (toast 'Logout realizado com sucesso!', then '/'), 'Entrar' otherwise (→ /login)
 * — except on the sign-in pages, whose own form is the way in.
 */
export function SessionButton({ className, fullWidth = false }: { className?: string; fullWidth?: boolean }) {
  const session = useSession()
  const { signOut, isPending } = useSignOut()
  const { pathname } = useLocation()

  if (session.status !== 'authenticated' && isSignInPage(pathname)) return null

  if (session.status === 'loading') {
    // The signed-out button, invisible to everyone and out of the tab order: it takes exactly the
    // room the button takes once the session is known, so for a visitor the header does not move
    // (it is on screen from the server-rendered first HTML, ADR 013).
    return (
      <ButtonLink
        to="/login"
        variant="outline"
        size="md"
        aria-hidden="true"
        tabIndex={-1}
        className={cn('invisible', fullWidth && 'w-full', className)}
      >
        <LogIn aria-hidden="true" />
        Entrar
      </ButtonLink>
    )
  }

  if (session.status === 'authenticated') {
    return (
      <Button
        variant="outline"
        size="md"
        className={cn(fullWidth && 'w-full', className)}
        onClick={signOut}
        disabled={isPending}
        aria-busy={isPending || undefined}
      >
        <LogOut aria-hidden="true" />
        Sair
      </Button>
    )
  }

  return (
    <ButtonLink to="/login" variant="outline" size="md" className={cn(fullWidth && 'w-full', className)}>
      <LogIn aria-hidden="true" />
      Entrar
    </ButtonLink>
  )
}

/** 'Minha conta' for listeners, the admin home for admins; nothing when signed out. */
export function AccountLink({ className, compact = false }: { className?: string; compact?: boolean }) {
  const session = useSession()
  if (session.status !== 'authenticated') return null
  const admin = session.isAdmin
  return (
    <ButtonLink to={admin ? '/admin' : '/minha-conta'} variant="ghost" size="md" className={className}>
      {admin ? <LayoutDashboard aria-hidden="true" /> : <UserRound aria-hidden="true" />}
      <span className={cn(compact && 'max-[359px]:sr-only')}>{admin ? 'Administração' : 'Minha conta'}</span>
    </ButtonLink>
  )
}

/**
 * 'Downloads' (the audios kept on this device) for subscribers: the listeners who may download.
 * A listener without a subscription, or whose subscription is not known yet, does not see it;
 * admins neither (the listener pages send them to the admin area).
 */
export function DownloadsLink({ className, compact = false }: { className?: string; compact?: boolean }) {
  const session = useSession()
  const listener = session.status === 'authenticated' && !session.isAdmin
  const subscription = useSubscription({ enabled: listener })
  if (!listener || !subscription.isSubscribed) return null
  return (
    <ButtonLink to="/downloads" variant="ghost" size="md" className={className}>
      <HardDriveDownload aria-hidden="true" />
      <span className={cn(compact && 'max-[399px]:sr-only')}>Downloads</span>
    </ButtonLink>
  )
}

/** 'Olá, Ana' from 1024 px up: whose account this is (the name follows Minha conta at once). */
export function UserGreeting() {
  const session = useSession()
  if (session.status !== 'authenticated' || !session.user) return null
  const firstName = session.user.displayName.trim().split(/\s+/)[0] || session.user.displayName
  return (
    <p data-testid="header-user-name" title={session.user.displayName} className="mr-1 hidden max-w-[12rem] truncate text-[0.95rem] text-ink-muted lg:block">
      Olá, <span className="font-semibold text-ink">{firstName}</span>
    </p>
  )
}
