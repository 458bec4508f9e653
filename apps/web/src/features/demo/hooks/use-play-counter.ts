import { useCallback, useReducer } from 'react'

/** Counts complete listens of the demo: one each time the audio plays through to its end. */
export interface PlayCounterState {
  plays: number
}

export type PlayCounterAction = { type: 'completed' } | { type: 'reset' }

export const initialPlayCounterState: PlayCounterState = { plays: 0 }

export function playCounterReducer(state: PlayCounterState, action: PlayCounterAction): PlayCounterState {
  switch (action.type) {
    case 'completed':
      return { plays: state.plays + 1 }
    case 'reset':
      return state.plays === 0 ? state : initialPlayCounterState
  }
}

export function usePlayCounter() {
  const [state, dispatch] = useReducer(playCounterReducer, initialPlayCounterState)
  /** Call from the audio's `ended` event. */
  const countPlay = useCallback(() => dispatch({ type: 'completed' }), [])
  const reset = useCallback(() => dispatch({ type: 'reset' }), [])
  return { plays: state.plays, countPlay, reset }
}
