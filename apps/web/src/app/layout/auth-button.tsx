import type { ComponentType, ReactNode } from 'react'
import { BookHeart, CalendarCheck, Compass, HardDriveDownload, House, LayoutDashboard, LogIn, LogOut, Sunrise, UserRound } from 'lucide-react'
import { Button, ButtonLink } from '../../components/ui/button'
import { useSignedIn, useSignOut } from '../../features/auth'
import { cn } from '../../lib/cn'
import { Link, useLocation } from '../../lib/navigation'
import { useSubscription } from '../../lib/use-subscription'
import { isSignInPage } from './sign-in-pages'

/**
 * The header's account cluster: the person's name, the practice ('Programas', 'Progresso', 'Diário') and
 * 'Downloads' for subscribers, 'Minha conta' when signed in, then the sign-in button.
 */
export function AuthButton({ className, fullWidth = false }: { className?: string; fullWidth?: boolean }) {
  return (
    <>
      <UserGreeting />
      <ProgramsLink />
      <ProgressLink />
      <DiaryLink />
      <DownloadsLink />
      <AccountLink />
      <SignInButton className={className} fullWidth={fullWidth} />
    </>
  )
}

/**
 * A link of the bottom bar below 768 px: the icon over a short label, all of them the same width,
 * the current page's one marked (aria-current) — six fit a 360 px phone.
 */
export const TAB_CLASS =
  'flex h-full min-w-0 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl px-0.5 text-[0.65rem] font-semibold leading-tight tracking-tight text-ink-muted ' +
  'transition-colors hover:bg-tint hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ' +
  'aria-[current=page]:text-accent-strong aria-[current=page]:[&_svg]:text-accent [&_svg]:size-5 [&_svg]:shrink-0'

/** Whether `pathname` is the page `to` or one under it ('/programas/abc' is under '/programas'). */
function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`)
}

interface NavLinkProps {
  className?: string
  /** The bottom bar's tab (icon over label) instead of the header's ghost button. */
  tab?: boolean
}

interface AppNavLinkProps extends NavLinkProps {
  to: string
  icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }>
  label: ReactNode
  /** The link's name when the visible label is a shorter form of it. */
  ariaLabel?: string
  labelClassName?: string
  /** Other pages the tab stands for (a field's page is under 'Início'), marked current with it. */
  within?: readonly string[]
}

function AppNavLink({ to, icon: Icon, label, ariaLabel, tab, className, labelClassName, within = [] }: AppNavLinkProps) {
  const { pathname } = useLocation()
  const current = [to, ...within].some((path) => isCurrent(pathname, path)) ? 'page' : undefined
  if (tab) {
    return (
      <Link to={to} aria-current={current} aria-label={ariaLabel} className={cn(TAB_CLASS, className)}>
        <Icon aria-hidden="true" />
        <span className="max-w-full truncate">{label}</span>
      </Link>
    )
  }
  return (
    <ButtonLink to={to} variant="ghost" size="md" aria-current={current} className={cn('px-3 aria-[current=page]:bg-tint', className)}>
      <Icon aria-hidden="true" />
      <span className={labelClassName}>{label}</span>
    </ButtonLink>
  )
}

/** Whether the signed-in person is a listener with a subscription (the practice and downloads are theirs). */
function useSubscribedListener(): boolean {
  const signedIn = useSignedIn()
  const listener = signedIn.status === 'authenticated' && !signedIn.isAdmin
  const subscription = useSubscription({ enabled: listener })
  return listener && subscription.isSubscribed
}

/**
 * 'Início' (the dashboard: fields, search, continue listening) for subscribers: the bottom bar's
 * first tab, as an app's home is; the fields and their players are under it.
 */
export function HomeTab(props: NavLinkProps) {
  if (!useSubscribedListener()) return null
  return <AppNavLink to="/dashboard" icon={House} label="Início" within={['/campo', '/audio']} tab {...props} />
}

/** 'Hoje' (today's practice) for subscribers: the bottom bar's second tab; the programmes are under it. */
export function TodayTab(props: NavLinkProps) {
  if (!useSubscribedListener()) return null
  return <AppNavLink to="/hoje" icon={Sunrise} label="Hoje" within={['/programas']} tab {...props} />
}

/** 'Programas' (the daily practice's programmes) for subscribers. */
export function ProgramsLink(props: NavLinkProps) {
  if (!useSubscribedListener()) return null
  return <AppNavLink to="/programas" icon={Compass} label="Programas" {...props} />
}

/** 'Progresso' (the practice's paths, calendar and streak) for subscribers. */
export function ProgressLink(props: NavLinkProps) {
  if (!useSubscribedListener()) return null
  // The Diário is opened from the progress page on phones: its tab stands for it too.
  return <AppNavLink to="/progresso" icon={CalendarCheck} label="Progresso" within={props.tab ? ['/diario'] : []} {...props} />
}

/** 'Diário' (the check-ins after each practice) for subscribers. */
export function DiaryLink(props: NavLinkProps) {
  if (!useSubscribedListener()) return null
  return <AppNavLink to="/diario" icon={BookHeart} label="Diário" {...props} />
}

/**
 * The sign-in button (docs/product/README.md#header): hidden while the sign-in loads, 'Sair'
 * when signed in (toast 'Logout realizado com sucesso!', then '/'), 'Entrar' otherwise (→ /login)
 * — except on the sign-in pages, whose own form is the way in.
 */
export function SignInButton({ className, fullWidth = false, tab = false }: { className?: string; fullWidth?: boolean; tab?: boolean }) {
  const signedIn = useSignedIn()
  const { signOut, isPending } = useSignOut()
  const { pathname } = useLocation()

  if (signedIn.status !== 'authenticated' && isSignInPage(pathname)) return null

  if (tab && signedIn.status === 'authenticated') {
    return (
      <button type="button" className={cn(TAB_CLASS, 'disabled:opacity-55', className)} onClick={signOut} disabled={isPending} aria-busy={isPending || undefined}>
        <LogOut aria-hidden="true" />
        <span>Sair</span>
      </button>
    )
  }

  if (signedIn.status === 'loading') {
    // The signed-out button, invisible to everyone and out of the tab order: it takes exactly the
    // room the button takes once the sign-in is known, so for a visitor the header does not move
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

  if (signedIn.status === 'authenticated') {
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
export function AccountLink({ className, compact = false, tab = false }: { className?: string; compact?: boolean; tab?: boolean }) {
  const signedIn = useSignedIn()
  // A subscriber's header also holds the practice: from 768 to 1023 px this link is its icon.
  const crowded = useSubscribedListener()
  if (signedIn.status !== 'authenticated') return null
  const admin = signedIn.isAdmin
  if (tab) {
    // Six tabs share a 360 px phone: 'Conta' is what fits under the icon; the link is still named 'Minha conta'.
    return admin ? (
      <AppNavLink to="/admin" icon={LayoutDashboard} label="Administração" tab className={className} />
    ) : (
      <AppNavLink to="/minha-conta" icon={UserRound} label="Conta" ariaLabel="Minha conta" tab className={className} />
    )
  }
  return (
    <ButtonLink to={admin ? '/admin' : '/minha-conta'} variant="ghost" size="md" className={cn(crowded && !compact && 'px-3', className)}>
      {admin ? <LayoutDashboard aria-hidden="true" /> : <UserRound aria-hidden="true" />}
      <span className={cn(compact && 'max-[359px]:sr-only', crowded && !compact && 'md:max-lg:sr-only')}>{admin ? 'Administração' : 'Minha conta'}</span>
    </ButtonLink>
  )
}

/**
 * 'Downloads' (the audios kept on this device) for subscribers: the listeners who may download.
 * A listener without a subscription, or whose subscription is not known yet, does not see it;
 * admins neither (the listener pages send them to the admin area).
 */
export function DownloadsLink({ className, compact = false, tab = false }: { className?: string; compact?: boolean; tab?: boolean }) {
  const subscribed = useSubscribedListener()
  if (!subscribed) return null
  if (tab) return <AppNavLink to="/downloads" icon={HardDriveDownload} label="Downloads" tab className={className} />
  return (
    <ButtonLink to="/downloads" variant="ghost" size="md" className={cn(!compact && 'px-3', className)}>
      <HardDriveDownload aria-hidden="true" />
      <span className={cn(compact ? 'max-[399px]:sr-only' : 'md:max-lg:sr-only')}>Downloads</span>
    </ButtonLink>
  )
}

/**
 * 'Olá, Ana' from 1024 px up (from 1280 px for subscribers, whose header also holds the practice):
 * whose account this is (the name follows Minha conta at once).
 */
export function UserGreeting() {
  const signedIn = useSignedIn()
  const crowded = useSubscribedListener()
  if (signedIn.status !== 'authenticated' || !signedIn.user) return null
  const firstName = signedIn.user.displayName.trim().split(/\s+/)[0] || signedIn.user.displayName
  return (
    <p data-testid="header-user-name" title={signedIn.user.displayName} className={cn('mr-1 hidden max-w-[12rem] truncate text-[0.95rem] text-ink-muted', crowded ? 'xl:block' : 'lg:block')}>
      Olá, <span className="font-semibold text-ink">{firstName}</span>
    </p>
  )
}
