/** Icon names admins may use in content. Unknown names fall back to a default icon. */
export const ICON_NAMES = [
  'Brain', 'Heart', 'Target', 'DollarSign', 'Activity', 'Sparkles', 'Play', 'Users', 'Award',
  'CheckCircle', 'TrendingUp', 'Zap', 'Shield', 'Clock', 'RefreshCw', 'Headphones',
] as const
export type IconName = (typeof ICON_NAMES)[number]
export const DEFAULT_ICON_NAME: IconName = 'Sparkles'
export function isIconName(value: unknown): value is IconName {
  return typeof value === 'string' && (ICON_NAMES as readonly string[]).includes(value)
}
