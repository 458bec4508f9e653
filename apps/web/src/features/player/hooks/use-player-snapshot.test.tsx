import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { FakeAudioElement } from '../engine/testing/fake-audio'
import { VoiceEngine } from '../engine/voice-engine'
import { usePlayerSnapshot } from './use-player-snapshot'

describe('usePlayerSnapshot', () => {
  it('re-renders with each new engine snapshot', () => {
    const el = new FakeAudioElement()
    const engine = new VoiceEngine({ element: el })
    const { result } = renderHook(() => usePlayerSnapshot(engine))
    expect(result.current.status).toBe('idle')
    act(() => engine.setSource('/api/audios/a/file', { title: 'Abundância' }))
    expect(result.current).toMatchObject({ status: 'loading', attempt: 1 })
    act(() => el.loadMetadata(42))
    expect(result.current).toMatchObject({ status: 'ready', duration: 42 })
    engine.destroy()
  })
})
