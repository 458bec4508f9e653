import type { ReactNode, Ref } from 'react'

/** 'Carregando vídeo...' over the frame until the video is ready. */
export function VideoPlaceholder() {
  return (
    <div
      role="status"
      className="absolute inset-0 grid place-items-center bg-gradient-to-br from-brand-800 via-brand-900 to-brand-950"
    >
      <span className="flex flex-col items-center gap-3 text-sm font-medium text-brand-100">
        <span aria-hidden="true" className="size-9 animate-spin rounded-full border-[3px] border-white/20 border-t-white/80" />
        Carregando vídeo...
      </span>
    </div>
  )
}

/** The hero's 16:9 video frame. Its size is fixed before anything loads, so nothing jumps. */
export function VideoFrame({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div
      ref={ref}
      data-testid="hero-video"
      className="relative mt-10 aspect-video w-full overflow-hidden rounded-2xl bg-brand-950 shadow-lifted ring-1 ring-brand-900/10 sm:rounded-3xl"
    >
      {children}
    </div>
  )
}
