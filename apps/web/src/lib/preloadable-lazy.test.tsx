import { Suspense } from 'react'
import { renderToString } from 'react-dom/server'
import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { preloadableLazy } from './preloadable-lazy'

function Part({ label }: { label: string }) {
  return <p>{label}</p>
}

function view(Lazy: ReturnType<typeof preloadableLazy<typeof Part>>) {
  return (
    <Suspense fallback={<p>reservado</p>}>
      <Lazy label="seções" />
    </Suspense>
  )
}

afterEach(() => vi.unstubAllEnvs())

describe('preloadableLazy in the browser', () => {
  it('is React.lazy: the fallback first, then the part', async () => {
    const Lazy = preloadableLazy(async () => ({ default: Part }))
    render(view(Lazy))
    screen.getByText('reservado')
    await screen.findByText('seções')
    expect(screen.queryByText('reservado')).toBeNull()
  })
})

describe('preloadableLazy in the server render', () => {
  it('writes the fallback on every render until preloaded, then the part at once', async () => {
    vi.stubEnv('SSR', true)
    const load = vi.fn(async () => ({ default: Part }))
    const Lazy = preloadableLazy(load)
    expect(renderToString(view(Lazy))).toContain('reservado')
    await new Promise((resolve) => setTimeout(resolve, 10))
    // Nothing was loaded behind the renderer's back: the next render is the same.
    expect(load).not.toHaveBeenCalled()
    expect(renderToString(view(Lazy))).toContain('reservado')

    await Lazy.preload()
    await Lazy.preload()
    expect(renderToString(view(Lazy))).toBe('<!--$--><p>seções</p><!--/$-->')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load', async () => {
    vi.stubEnv('SSR', true)
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Part })
    const Lazy = preloadableLazy(load)
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await Lazy.preload()
    expect(renderToString(view(Lazy))).toBe('<!--$--><p>seções</p><!--/$-->')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
