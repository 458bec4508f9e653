import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { useQuery } from '@tanstack/react-query'
import { ScrollText, X } from 'lucide-react'
import { TRANSCRIPT_MSG, transcriptParagraphs } from '@sintonia/contract'
import { Button } from '../../../components/ui/button'
import { transcriptQueryOptions } from '../api/transcript'

export interface TranscriptAudio {
  id: string
  title: string
}

/**
 * "Transcrição" in the player's quiet row, beside the settings (docs/product/listening.md#transcript):
 * shown only when the audio on screen has a transcript, it opens the text in a reading sheet. The
 * text is asked for when the audio is shown, so the button is there or not before the listener
 * looks for it; it sits at the end of a row that wraps, so its arrival moves nothing above it.
 */
export function TranscriptButton({ audio, className }: { audio: TranscriptAudio; className?: string }) {
  const query = useQuery(transcriptQueryOptions(audio.id))
  const [open, setOpen] = useState(false)
  const text = query.data?.transcript ?? null
  // Another audio on screen (a playlist moved on): the sheet of the previous one closes.
  useEffect(() => setOpen(false), [audio.id])
  if (!text) return null
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label={TRANSCRIPT_MSG.open}
        title={TRANSCRIPT_MSG.open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="transcript-button"
        className={className}
      >
        <ScrollText aria-hidden="true" />
      </Button>
      {open ? <TranscriptSheet title={audio.title} text={text} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

export interface TranscriptSheetProps {
  /** The audio's title, under the sheet's name. */
  title: string
  /** The stored transcript: plain text, paragraphs between blank lines. */
  text: string
  onClose: () => void
}

/**
 * The transcript to read: a native modal <dialog> (focus kept inside, the page behind inert,
 * Escape closes, the focus goes back to "Transcrição"), a sheet from the bottom on phones and a
 * centred page from 640 px, with a comfortable line length and size, in the page's own day or
 * night colours (it is placed outside the player's always-night stage). The text is React text
 * in paragraphs, never HTML; a single line break inside a paragraph is kept.
 */
export function TranscriptSheet({ title, text, onClose }: TranscriptSheetProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const paragraphs = transcriptParagraphs(text)
  const latestClose = useRef(onClose)
  latestClose.current = onClose

  // Before the first paint, so the sheet never shows outside the top layer.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (typeof dialog.showModal === 'function') dialog.showModal()
    else dialog.setAttribute('open', '')
    // The text takes the focus: arrow keys and Page Down scroll it at once.
    bodyRef.current?.focus()
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
    }
  }, [])

  const close = () => {
    const dialog = ref.current
    if (dialog?.open && typeof dialog.close === 'function') dialog.close()
    else latestClose.current()
  }

  return createPortal(
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      data-testid="transcript-sheet"
      // Escape and close() end here: the focus has gone back to the button that opened it.
      onClose={() => latestClose.current()}
      onClick={(event) => {
        if (event.target === ref.current) close()
      }}
      className={[
        'fixed inset-x-0 bottom-0 m-0 mt-auto max-h-[min(88dvh,100%)] w-full max-w-none rounded-t-3xl border border-line bg-card p-0 text-ink shadow-lifted',
        'sm:inset-0 sm:m-auto sm:max-h-[min(85dvh,48rem)] sm:w-[calc(100%-3rem)] sm:max-w-2xl sm:rounded-3xl',
        'flex-col open:flex backdrop:bg-brand-950/60 backdrop:backdrop-blur-[2px] open:animate-fade-in',
      ].join(' ')}
    >
      <header className="flex items-start justify-between gap-3 border-b border-line px-5 pt-4 pb-3 sm:px-8 sm:pt-6 sm:pb-4">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wider text-accent uppercase">{TRANSCRIPT_MSG.open}</p>
          <h2 id={titleId} className="mt-0.5 font-display text-xl leading-snug font-semibold text-balance text-ink sm:text-2xl">
            {title}
          </h2>
        </div>
        <Button variant="ghost" size="sm" onClick={close} className="-mr-2 shrink-0">
          <X aria-hidden="true" />
          {TRANSCRIPT_MSG.close}
        </Button>
      </header>
      <div
        ref={bodyRef}
        tabIndex={0}
        role="document"
        aria-label={`${TRANSCRIPT_MSG.open}: ${title}`}
        data-testid="transcript-text"
        className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-5 pb-[max(1.5rem,env(safe-area-inset-bottom))] focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:px-8 sm:pt-6 sm:pb-8"
      >
        <div className="mx-auto flex max-w-[62ch] flex-col gap-4 text-[1.0625rem] leading-[1.7] text-ink">
          {paragraphs.map((paragraph, index) => (
            <p key={index} className="whitespace-pre-line">
              {paragraph}
            </p>
          ))}
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
