import type { LinkProps } from 'react-router'
import { createPath, isPlainClick, toPath, useLocation, useNavigate } from '../../lib/navigation'

/**
 * The landing's links (ADR 014): a real `<a href>` (it works before any script, opens in a new tab
 * with a modifier) whose plain click navigates in the page, like React Router's Link.
 */
export function LandingLink({
  to,
  replace,
  state,
  reloadDocument,
  target,
  onClick,
  // Router-only options with no meaning on the landing.
  relative: _relative,
  preventScrollReset: _preventScrollReset,
  viewTransition: _viewTransition,
  discover: _discover,
  prefetch: _prefetch,
  ...anchor
}: LinkProps) {
  const location = useLocation()
  const navigate = useNavigate()
  return (
    <a
      {...anchor}
      href={createPath(toPath(to, location))}
      target={target}
      onClick={(event) => {
        onClick?.(event)
        if (reloadDocument || !isPlainClick(event, target)) return
        event.preventDefault()
        void navigate(to, { replace, state })
      }}
    />
  )
}
