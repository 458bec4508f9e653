import { SubscriberGuard } from '../../features/auth/pages'

/** Layout route for listener screens: signed-in user with an active subscription. */
export default function SubscriberGuardRoute() {
  return <SubscriberGuard />
}
