import {
  Activity,
  Award,
  Brain,
  CircleCheckBig,
  Clock,
  DollarSign,
  Headphones,
  Heart,
  Play,
  RefreshCw,
  Shield,
  Sparkles,
  Target,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react'
import { DEFAULT_ICON_NAME, isIconName, type IconName } from '@sintonia/contract'

/**
 * The one place that maps the icon names admins may use in content (contract ICON_NAMES) to
 * lucide-react components. Unknown names fall back to the default icon.
 */
const ICONS: Record<IconName, LucideIcon> = {
  Brain,
  Heart,
  Target,
  DollarSign,
  Activity,
  Sparkles,
  Play,
  Users,
  Award,
  CheckCircle: CircleCheckBig,
  TrendingUp,
  Zap,
  Shield,
  Clock,
  RefreshCw,
  Headphones,
}

export function resolveIcon(name: unknown): LucideIcon {
  return ICONS[isIconName(name) ? name : DEFAULT_ICON_NAME]
}

export interface ContentIconProps extends Omit<LucideProps, 'name'> {
  /** An icon name from content; anything unknown (or not a string) shows the default icon. */
  name: unknown
}

/** A decorative content icon (aria-hidden); give the surrounding element the accessible text. */
export function ContentIcon({ name, ...props }: ContentIconProps) {
  const Icon = resolveIcon(name)
  return <Icon aria-hidden="true" focusable="false" {...props} />
}
