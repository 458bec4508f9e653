import { SignedInGuard } from '../../features/auth/pages'

/** Layout route for pages of any signed-in person (e.g. /minha-conta). */
export default function SignedInGuardRoute() {
  return <SignedInGuard />
}
