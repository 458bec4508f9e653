import { LandingPage } from '../../features/landing'

/**
 * `/` — kept in the entry chunk so the landing paints without waiting for another request.
 * Later work composes more features here: the hero video (`heroMedia`) and the plan cards (`plans`).
 */
export default function LandingRoute() {
  return <LandingPage />
}
