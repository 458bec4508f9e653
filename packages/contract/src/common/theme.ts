/**
 * Day and night (docs/design.md#night). The listener's choice is kept on the device; "automático"
 * follows the system's dark setting. The boot script below runs inline in the <head> of every HTML
 * page, before the first paint, so a page never flashes in the other theme; the API allows exactly
 * this script by its hash in the Content-Security-Policy.
 */
export const THEME_STORAGE_KEY = 'sintonia-theme'
export const THEME_CHOICES = ['auto', 'day', 'night'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
export type Theme = 'day' | 'night'
/** Kept on the device: whether the player and the sleep content turn to night in the evening. */
export const EVENING_NIGHT_STORAGE_KEY = 'sintonia-evening-night'
/** "Evening" for that setting: from 19:00 to 05:59, local time. */
export const EVENING_STARTS_HOUR = 19
export const EVENING_ENDS_HOUR = 6

/** Inline in index.html and landing.html (a test keeps them equal to this text). */
export const THEME_BOOT_SCRIPT =
  "try{var c=localStorage.getItem('sintonia-theme');var n=c==='night'||(c!=='day'&&matchMedia('(prefers-color-scheme: dark)').matches);document.documentElement.dataset.theme=n?'night':'day'}catch(e){}"

export const THEME_MSG = {
  title: 'Aparência',
  description: 'Escolha como o app aparece neste aparelho.',
  auto: 'Automático',
  autoHint: 'Segue o modo claro ou escuro do seu aparelho.',
  day: 'Dia',
  dayHint: 'Claro, para o dia.',
  night: 'Noite',
  nightHint: 'Escuro e suave para os olhos.',
  evening: 'Player em modo noite à noite',
  eveningHint: 'Das 19h às 6h, o player e os áudios de sono abrem no modo noite.',
} as const
