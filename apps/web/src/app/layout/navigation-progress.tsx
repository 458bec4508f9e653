import { useNavigation } from 'react-router'
import { ProgressBar } from './progress-bar'

/** The progress bar while a lazy route or loader of the router is on its way. */
export function NavigationProgress() {
  const navigation = useNavigation()
  return navigation.state === 'idle' ? null : <ProgressBar />
}
