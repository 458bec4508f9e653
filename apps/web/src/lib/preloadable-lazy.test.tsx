import { Suspense } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
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

describe('preloadableLazy', () => {
  it('shows the fallback first, like React.lazy, then the part', async () => {
    const Lazy = preloadableLazy(async () => ({ default: Part }))
    render(view(Lazy))
    expect(screen.getByText('reservado')).toBeTruthy()
    expect(await screen.findByText('seções')).toBeTruthy()
  })

  it('renders at once, without the fallback, once preloaded (as the server render does)', async () => {
    const load = vi.fn(async () => ({ default: Part }))
    const Lazy = preloadableLazy(load)
    await Lazy.preload()
    await Lazy.preload()
    const { container } = render(view(Lazy))
    expect(container.innerHTML).toBe('<p>seções</p>')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Part })
    const Lazy = preloadableLazy(load)
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await act(() => Lazy.preload())
    expect(render(view(Lazy)).container.innerHTML).toBe('<p>seções</p>')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
