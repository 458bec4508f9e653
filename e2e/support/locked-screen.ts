import { expect, type CDPSession, type Page } from '@playwright/test'

/** What Chromium's media stack reported (DevTools' Media domain), seconds since the watch began. */
export interface MediaLogEntry {
  at: number
  player: string
  event: string
  detail: Record<string, unknown>
}

/**
 * A locked phone, as far as a desktop browser can show it: the page's JavaScript stops (DevTools'
 * Debugger.pause) while the media stack goes on by itself. Chromium's media events still reach the
 * test through the Media domain, so it can wait for the stream's own end without asking the page.
 */
export class LockedScreen {
  readonly log: MediaLogEntry[] = []
  private readonly started = Date.now()
  private paused = false
  private finishedBytes = new Map<string, number>()
  private readonly sessionRequests = new Set<string>()
  /**
   * Players of the page's moment of silence: a click that asks for sound plays 10 ms of a `data:`
   * WAV first, so the page's audio may start later (lib/page-audio.ts). It ends at once.
   */
  private readonly silencePlayers = new Set<string>()

  private constructor(private readonly cdp: CDPSession) {}

  static async watch(page: Page): Promise<LockedScreen> {
    const cdp = await page.context().newCDPSession(page)
    const screen = new LockedScreen(cdp)
    cdp.on('Media.playerEventsAdded', ({ playerId, events }) => {
      for (const entry of events as Array<{ value: string }>) {
        const detail = JSON.parse(entry.value) as Record<string, unknown>
        screen.log.push({ at: (Date.now() - screen.started) / 1000, player: playerId as string, event: String(detail.event), detail })
        if (detail.event === 'kLoad' && String(detail.url).startsWith('data:')) screen.silencePlayers.add(playerId as string)
      }
    })
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      if (SESSION_STREAM.test(request.url as string)) screen.sessionRequests.add(requestId as string)
    })
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      if (screen.sessionRequests.has(requestId as string)) screen.finishedBytes.set(requestId as string, encodedDataLength as number)
    })
    cdp.on('Debugger.paused', () => {
      screen.paused = true
    })
    cdp.on('Debugger.resumed', () => {
      screen.paused = false
    })
    await cdp.send('Media.enable')
    await cdp.send('Network.enable')
    await cdp.send('Debugger.enable')
    return screen
  }

  /**
   * Waits until the session's stream (`bytes` long) reached the browser. DevTools' pause also
   * stops the page's main thread from taking in network data — a locked phone's media stack keeps
   * fetching by itself — so the test only pauses once the stream is there.
   */
  async waitForStream(bytes: number, timeoutMs = 20_000): Promise<void> {
    await until(() => [...this.finishedBytes.values()].some((received) => received >= bytes), timeoutMs, 'o áudio da sessão não chegou ao navegador')
  }

  /**
   * Stops the page's JavaScript (the screen locks) once the session's player plays, as a listener
   * locks the phone after pressing play. Paused earlier, the page never takes in the media element's
   * metadata, so it never calls play(): the last CI run locked between the stream's arrival and
   * the player's start, and the stream's player logged nothing after its load.
   */
  async lock(): Promise<void> {
    await until(() => this.streamEvent('kPlay') !== undefined, 20_000, () => `o áudio da sessão não começou a tocar; últimos eventos de mídia:\n${this.lastEvents()}`)
    await this.cdp.send('Debugger.pause')
    // The pause takes effect at the page's next statement: a timer or a media event comes soon.
    await until(() => this.paused, 10_000, 'o JavaScript da página não parou')
  }

  /**
   * Waits, with the page still stopped, for the media stack to report the end of the stream — not
   * the end of the page's moment of silence, which comes at once.
   */
  async waitForEnded(timeoutMs: number): Promise<MediaLogEntry> {
    // On a timeout the message carries what the media stack last said, so a run that fails under
    // load tells whether the stream stalled, stopped or never started.
    await until(() => this.streamEvent('kEnded') !== undefined, timeoutMs, () => `o áudio não chegou ao fim; últimos eventos de mídia:\n${this.lastEvents()}`)
    if (!this.paused) throw new Error('o JavaScript da página voltou a rodar antes do fim do áudio')
    return this.streamEvent('kEnded')!
  }

  /** The first time a player other than the page's moments of silence logged `event`. */
  private streamEvent(event: string): MediaLogEntry | undefined {
    return this.log.find((entry) => entry.event === event && !this.silencePlayers.has(entry.player))
  }

  /** The page's JavaScript runs again (the screen is unlocked). */
  async unlock(): Promise<void> {
    await this.cdp.send('Debugger.resume')
    await this.cdp.send('Debugger.disable')
  }

  /** The last media events (time, player, event, state), for a failure's message. */
  private lastEvents(count = 20): string {
    return this.log
      .slice(-count)
      .map((entry) => `${entry.at.toFixed(1)} s ${entry.player} ${entry.event} ${JSON.stringify(entry.detail).slice(0, 160)}`)
      .join('\n')
  }

  /** Media elements that started playing (one per player that logged kPlay). */
  playersThatPlayed(): string[] {
    return [...new Set(this.log.filter((entry) => entry.event === 'kPlay').map((entry) => entry.player))]
  }

  /** Whether the stream ran dry at some point (the media stack waited for data). */
  ranDry(player: string): boolean {
    return this.log.some(
      (entry) =>
        entry.player === player &&
        entry.event === 'kBufferingStateChanged' &&
        JSON.stringify(entry.detail).includes('BUFFERING_HAVE_NOTHING'),
    )
  }
}

/** A session's stream, as the player asks for it (docs/product/sessions.md). */
const SESSION_STREAM = /\/api\/sessions\/[a-f0-9]+\/audio/

function until(condition: () => boolean, timeout: number, message: string | (() => string)): Promise<void> {
  return expect.poll(condition, { timeout, message: typeof message === 'string' ? message : undefined }).toBe(true).catch((error: unknown) => {
    if (typeof message === 'string') throw error
    throw new Error(message(), { cause: error })
  })
}
