/** Install capabilities (docs/product/listening.md#install-help): platform, standalone, installable, dismissed. */
export type Platform = 'ios' | 'android' | 'desktop'

/** localStorage key and value set by 'Não mostrar novamente'. */
export const DISMISSED_INSTALL_KEY = 'dm:dismissedInstall'

export interface NavigatorLike {
  userAgent: string
  maxTouchPoints?: number
  platform?: string
}

/** iPhone/iPad (including iPadOS, which reports itself as a Mac with touch), Android, or desktop. */
export function detectPlatform(nav: NavigatorLike): Platform {
  const ua = nav.userAgent
  if (/iphone|ipad|ipod/i.test(ua)) return 'ios'
  if (/macintosh/i.test(ua) && (nav.maxTouchPoints ?? 0) > 1) return 'ios'
  if (/android/i.test(ua)) return 'android'
  return 'desktop'
}

export interface InstallCapabilities {
  platform: Platform
  /** Already running as an installed app. */
  standalone: boolean
  /** A beforeinstallprompt was captured, or iOS outside standalone mode. */
  installable: boolean
  dismissed: boolean
}

/** iOS counts as installable when not standalone: Safari has no install prompt, the help shows the steps. */
export function isInstallable(platform: Platform, standalone: boolean, hasPrompt: boolean): boolean {
  if (standalone) return false
  return hasPrompt || platform === 'ios'
}

/** The install button is hidden if installed, not installable, or the help was dismissed. */
export function shouldShowInstallButton({ standalone, installable, dismissed }: InstallCapabilities): boolean {
  return !standalone && installable && !dismissed
}

export function readDismissed(storage: Pick<Storage, 'getItem'> | null): boolean {
  try {
    return storage?.getItem(DISMISSED_INSTALL_KEY) === '1'
  } catch {
    return false
  }
}

export function isStandaloneDisplay(win: Window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean }
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true
}
