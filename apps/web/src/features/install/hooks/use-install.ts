import { useCallback, useEffect, useState } from 'react'
import {
  DISMISSED_INSTALL_KEY,
  detectPlatform,
  isInstallable,
  isStandaloneDisplay,
  readDismissed,
  shouldShowInstallButton,
  type InstallCapabilities,
} from '../lib/platform'

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

function localStore(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Install capabilities of this browser, plus the actions of the install button and dialog. */
export function useInstall() {
  const [platform] = useState(() => detectPlatform(navigator))
  const [standalone, setStandalone] = useState(() => isStandaloneDisplay(window))
  const [promptEvent, setPromptEvent] = useState<BeforeInstallPromptEvent | null>(null)
  const [dismissed, setDismissed] = useState(() => readDismissed(localStore()))

  useEffect(() => {
    const onPrompt = (event: Event) => {
      event.preventDefault()
      setPromptEvent(event as BeforeInstallPromptEvent)
    }
    const onInstalled = () => {
      setStandalone(true)
      setPromptEvent(null)
    }
    window.addEventListener('beforeinstallprompt', onPrompt)
    window.addEventListener('appinstalled', onInstalled)
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt)
      window.removeEventListener('appinstalled', onInstalled)
    }
  }, [])

  const capabilities: InstallCapabilities = {
    platform,
    standalone,
    installable: isInstallable(platform, standalone, promptEvent !== null),
    dismissed,
  }

  /** Shows the browser's own install prompt; false when there is none (show the help instead). */
  const promptInstall = useCallback(async (): Promise<boolean> => {
    if (!promptEvent) return false
    await promptEvent.prompt()
    const choice = await promptEvent.userChoice
    setPromptEvent(null)
    if (choice.outcome === 'accepted') setStandalone(true)
    return true
  }, [promptEvent])

  const dismiss = useCallback(() => {
    try {
      localStore()?.setItem(DISMISSED_INSTALL_KEY, '1')
    } catch {
      // Blocked storage: hide for this visit only.
    }
    setDismissed(true)
  }, [])

  return { capabilities, visible: shouldShowInstallButton(capabilities), promptInstall, dismiss }
}
