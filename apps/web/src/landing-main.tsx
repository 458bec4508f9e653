import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot, type Root } from 'react-dom/client'
import { LandingApp } from './app/landing/landing-app'
import { createLandingNavigation, type Departure } from './app/landing/landing-navigation'
import { AppProviders } from './app/providers'
import { getRootElement } from './app/root-element'
import { prepareClassMerging } from './lib/cn'
import { createPath } from './lib/navigation'
import { createQueryClient } from './lib/query-client'
import './styles.css'

// `/` (ADR 014): the landing without the app's router, so the JavaScript the page needs before it
// responds is the landing's own. The rest of the app loads when the visitor leaves `/`.
const rootElement = getRootElement()
const queryClient = createQueryClient()
let root: Root | null = null

async function depart({ path, replace, state }: Departure) {
  const to = createPath(path)
  try {
    const { prepareApp } = await import('./app/start-app')
    const app = prepareApp({ queryClient })
    // The destination's code loads (and its address enters the history) while the landing is still
    // on screen with its progress bar; then the app replaces it in one synchronous step.
    await app.router.navigate(to, { replace, state })
    navigation.dispose()
    root?.unmount()
    app.mount(rootElement)
    if (!path.hash) window.scrollTo(0, 0)
  } catch {
    // The app's code did not load (a new deploy replaced it, or the connection dropped): a plain
    // page load of the destination still gets the visitor there, or shows the browser's error.
    window.location.assign(to)
  }
}

const navigation = createLandingNavigation({
  initial: { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash },
  depart: (departure) => void depart(departure),
  browser: { history: window.history, window },
})

const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <LandingApp navigation={navigation} />
    </AppProviders>
  </StrictMode>
)

/** Runs `step` in a task of its own, after what the browser has queued (input first). */
const nextTask = (step: () => void) => setTimeout(step, 0)

if (rootElement.hasAttribute('data-server-rendered')) {
  // The server rendered this tree into #root (ADR 013): the page is on screen and its links work,
  // so the script's work is split into short tasks a visitor's tap can come between. Hydrating
  // inside a transition lets React adopt the DOM in small slices, yielding to the browser between
  // them; the class merger it needs is built in a task of its own first.
  nextTask(() => {
    prepareClassMerging()
    nextTask(() =>
      startTransition(() => {
        root = hydrateRoot(rootElement, app)
      }),
    )
  })
} else {
  root = createRoot(rootElement)
  root.render(app)
}
