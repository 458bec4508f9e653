/** Public API of the install feature. Route modules import from here only. */
export { InstallButton, type InstallButtonProps } from './components/install-button'
export { InstallHelpDialog } from './components/install-help-dialog'
export { useInstall } from './hooks/use-install'
export { DISMISSED_INSTALL_KEY, detectPlatform, shouldShowInstallButton, type Platform } from './lib/platform'
