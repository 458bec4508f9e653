import type { ExternalToast, toast as sonnerToast } from 'sonner'
import { whenIdle } from './when-idle'

/**
 * The toast calls of code that runs on every page (sign-in, subscription check). Importing
 * `sonner` there would put the whole toast library into the JS that `/` needs before it paints
 * (docs/performance.md); here it is fetched right after the entry has run instead, like the lazy
 * `<Toaster>` in app/providers.tsx, and sonner replays toasts created before its outlet
 * subscribes. Pages that are lazy chunks themselves import `sonner` directly.
 */
let sonner: Promise<{ toast: typeof sonnerToast }> | null = null

function loadSonner() {
  sonner ??= import('sonner').catch((error: unknown) => {
    // Not fetched (offline, a new deploy): the next toast tries again.
    sonner = null
    throw error
  })
  return sonner
}

// Fetch it once the page is idle, so a toast is rarely kept waiting and the page's first tasks
// never carry it; a toast asked for earlier loads it at once.
if (typeof window !== 'undefined') whenIdle(() => void loadSonner().catch(() => undefined))

type Kind = 'message' | 'success' | 'error' | 'info' | 'warning'

function show(kind: Kind, message: string, options?: ExternalToast): void {
  loadSonner().then(
    ({ toast }) => {
      if (kind === 'message') toast(message, options)
      else toast[kind](message, options)
    },
    // Without the toast library this toast cannot be shown; the page goes on.
    () => undefined,
  )
}

export const toast = {
  /** A plain toast (sonner's `toast(message, options)`), e.g. with an action button. */
  message: (message: string, options?: ExternalToast) => show('message', message, options),
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
  warning: (message: string, options?: ExternalToast) => show('warning', message, options),
}
