import { Suspense } from 'react'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { lazyOnClient } from './lazy-on-client'

function Part({ label }: { label: string }) {
  return <p>{label}</p>
}

function view(Lazy: ReturnType<typeof lazyOnClient<typeof Part>>) {
  return (
    <Suspense fallback={<p>reservado</p>}>
      <Lazy label="seções" />
    </Suspense>
  )
}

describe('lazyOnClient', () => {
  it('shows the fallback first, like React.lazy, then the part', async () => {
    const Lazy = lazyOnClient(async () => ({ default: Part }))
    render(view(Lazy))
    expect(screen.getByText('reservado')).toBeTruthy()
    expect(await screen.findByText('seções')).toBeTruthy()
  })

  it('renders at once, without the fallback, once preloaded (the first commit of a server-rendered page)', async () => {
    const load = vi.fn(async () => ({ default: Part }))
    const Lazy = lazyOnClient(load)
    await Lazy.preload()
    await Lazy.preload()
    const { container } = render(view(Lazy))
    expect(container.innerHTML).toBe('<p>seções</p>')
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Part })
    const Lazy = lazyOnClient(load)
    await expect(Lazy.preload()).rejects.toThrow('offline')
    await act(() => Lazy.preload())
    expect(render(view(Lazy)).container.innerHTML).toBe('<p>seções</p>')
    expect(load).toHaveBeenCalledTimes(2)
  })
})
