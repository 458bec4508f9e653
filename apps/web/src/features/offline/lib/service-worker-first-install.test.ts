import { Workbox } from 'workbox-window'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { registerServiceWorker, SERVICE_WORKER_URL } from './service-worker'

/**
 * 'Nova versão disponível' against workbox-window itself, with the browser's side faked: a
 * service-worker container and a registration whose workers change state as a browser's do.
 * Firefox, for a first-time visitor who changes page while the first version installs, keeps that
 * version installed and waiting for a moment with no worker controlling the page — the same
 * 'waiting' Workbox reports for a real update. Only a new version waiting while an older one
 * controls the page is an update.
 */
class FakeWorker extends EventTarget {
  constructor(
    public state: ServiceWorkerState,
    public scriptURL = new URL(SERVICE_WORKER_URL, location.href).href,
  ) {
    super()
  }
  postMessage = vi.fn()
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
  scope = new URL('/', location.href).href
  update = vi.fn(async () => undefined)
}

/** The browser's service-worker container for one page (document). */
function fakeContainer(registration: FakeRegistration, controller: FakeWorker | null) {
  const container = Object.assign(new EventTarget(), {
    controller,
    ready: Promise.resolve(registration),
    register: vi.fn(async () => registration),
  })
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container })
  return container
}

/** A page of the app: the real Workbox, and every 'waiting' it reports. */
function openPage() {
  const waitings: unknown[] = []
  const prompt = vi.fn<(activate: () => void) => void>()
  const stop = registerServiceWorker({
    onUpdateWaiting: prompt,
    reload: vi.fn(),
    createWorkbox: () => {
      const wb = new Workbox(SERVICE_WORKER_URL, { scope: '/' })
      wb.addEventListener('waiting', (event) => waitings.push(event))
      return wb
    },
  })
  return { prompt, waitings, stop }
}

/** The browser finds a version to install (what follows `register()`). */
async function install(registration: FakeRegistration) {
  await vi.advanceTimersByTimeAsync(0) // register() resolved
  const worker = new FakeWorker('installing')
  registration.installing = worker
  registration.dispatchEvent(new Event('updatefound'))
  return worker
}

/** Installed, and held waiting past Workbox's 200 ms check. */
async function installedAndWaiting(registration: FakeRegistration, worker: FakeWorker) {
  registration.installing = null
  registration.waiting = worker
  worker.become('installed')
  await vi.advanceTimersByTimeAsync(250)
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  Reflect.deleteProperty(navigator, 'serviceWorker')
})

describe('the update prompt, with workbox-window and a browser whose steps are faked', () => {
  it("a first-time visitor (no worker controls the page) is never told 'Nova versão disponível', also after changing page while it installs (Firefox)", async () => {
    const registration = new FakeRegistration()
    fakeContainer(registration, null)
    const first = openPage()
    const worker = await install(registration)
    await installedAndWaiting(registration, worker)
    // Workbox does report a waiting worker here, the way it reports an update…
    expect(first.waitings).toHaveLength(1)
    // …but nothing older runs this page: no prompt.
    expect(first.prompt).not.toHaveBeenCalled()
    first.stop()

    // The visitor changes page: a new document registers while that version still waits.
    fakeContainer(registration, null)
    const next = openPage()
    await vi.advanceTimersByTimeAsync(0)
    expect(next.waitings).toHaveLength(1)
    expect(next.prompt).not.toHaveBeenCalled()
    next.stop()
  })

  it('a new version waiting while the old one controls the page is an update: prompted, on that page and after a navigation', async () => {
    const registration = new FakeRegistration()
    const old = new FakeWorker('activated')
    registration.active = old
    fakeContainer(registration, old)
    const page = openPage()
    const worker = await install(registration)
    await installedAndWaiting(registration, worker)
    expect(page.prompt).toHaveBeenCalledTimes(1)
    page.stop()

    fakeContainer(registration, old)
    const next = openPage()
    await vi.advanceTimersByTimeAsync(0)
    expect(next.prompt).toHaveBeenCalledTimes(1)
    next.stop()
  })

  it('a tab opened on the first install and left open is prompted for the next version once the first controls it', async () => {
    const registration = new FakeRegistration()
    const container = fakeContainer(registration, null)
    const page = openPage()
    const first = await install(registration)
    registration.installing = null
    registration.active = first
    first.become('installed')
    first.become('activating')
    first.become('activated')
    // clientsClaim: the first version takes the page.
    container.controller = first
    container.dispatchEvent(new Event('controllerchange'))
    expect(page.prompt).not.toHaveBeenCalled()

    // The hourly check finds a new version.
    const second = new FakeWorker('installing')
    registration.installing = second
    registration.dispatchEvent(new Event('updatefound'))
    await installedAndWaiting(registration, second)
    expect(page.prompt).toHaveBeenCalledTimes(1)
    page.stop()
  })
})
