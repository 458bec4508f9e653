import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { FileAudio, Loader2, ScrollText, Search, X } from 'lucide-react'
import { useNavigate } from 'react-router'
import { countLabel, LISTENER_MSG, SEARCH_DEBOUNCE_MS, TRANSCRIPT_MSG, type SearchResult } from '@sintonia/contract'
import { ContentIcon } from '../../../components/icon'
import { bringIntoView } from '../../../components/ui/form'
import { cn } from '../../../lib/cn'
import { isSearchable, searchQueryOptions } from '../api/search'
import { useDebouncedValue } from '../hooks/use-debounced-value'

/** Where the search stands for the text typed: what the dropdown shows, for the page around it. */
export interface SearchOutcome {
  /** The trimmed text. */
  query: string
  status: 'idle' | 'searching' | 'done' | 'error'
  /** The server's results once `done` (the same the dropdown lists). */
  results: readonly SearchResult[]
}

export interface SearchBoxProps {
  /** The text typed; the dashboard also filters its field grid with it. */
  value: string
  onValueChange: (value: string) => void
  /** Told whenever the outcome changes, so the dashboard's grid agrees with the dropdown. */
  onResults?: (outcome: SearchOutcome) => void
  className?: string
}

const NO_RESULTS: readonly SearchResult[] = []

/** Where a result leads (docs/product/README.md#routes). */
export function resultPath(result: SearchResult): string {
  return result.type === 'field' ? `/campo/${result.id}` : `/campo/${result.fieldId}/audio/${result.id}`
}

/** The dashboard search: a combobox with a dropdown grouped 'Campos' and 'Áudios'. */
export function SearchBox({ value, onValueChange, onResults, className }: SearchBoxProps) {
  const navigate = useNavigate()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const panelRef = useRef<HTMLDivElement>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)

  const trimmed = value.trim()
  const debounced = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS)
  const searchable = isSearchable(trimmed)
  const query = useQuery(searchQueryOptions(debounced))

  const settled = searchable && debounced === trimmed && query.isSuccess
  const searching = searchable && !settled && !query.isError
  const results = settled ? query.data : NO_RESULTS
  const status: SearchOutcome['status'] = !searchable ? 'idle' : settled ? 'done' : query.isError ? 'error' : 'searching'

  // Before paint, so the grid never shows "nothing found" for a text the server is still searching.
  const report = useRef(onResults)
  report.current = onResults
  useLayoutEffect(() => {
    report.current?.({ query: trimmed, status, results })
  }, [trimmed, status, results])
  const fields = results.filter((r) => r.type === 'field')
  const audios = results.filter((r) => r.type === 'audio')
  const ordered = [...fields, ...audios]
  const showDropdown = open && searchable

  // The answer opens where the listener is looking: on a phone the box sits low on the dashboard,
  // and its results would open under the fold (or the bottom bar). Once per answer, the box and its
  // results come into view together, clear of the header and the bar; no jump when they already are.
  const answered = showDropdown && (status === 'done' || status === 'error')
  useEffect(() => {
    if (!answered || !inputRef.current || !panelRef.current) return
    bringIntoView([inputRef.current, panelRef.current], panelRef.current)
  }, [answered, trimmed])

  function select(result: SearchResult) {
    setOpen(false)
    void navigate(resultPath(result))
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Escape') {
      if (showDropdown) {
        event.preventDefault()
        setOpen(false)
        setActive(-1)
      }
      return
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!showDropdown) {
        setOpen(true)
        return
      }
      if (ordered.length === 0) return
      const delta = event.key === 'ArrowDown' ? 1 : -1
      setActive((current) => (current < 0 && delta < 0 ? ordered.length - 1 : (current + delta + ordered.length) % ordered.length))
      return
    }
    if (event.key === 'Enter' && showDropdown) {
      const chosen = ordered[active]
      if (chosen) {
        event.preventDefault()
        select(chosen)
      }
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`
  const activeResult = showDropdown ? ordered[active] : undefined

  function renderOption(result: SearchResult, index: number) {
    const selected = index === active
    return (
      <li
        key={`${result.type}-${result.id}`}
        id={optionId(index)}
        role="option"
        aria-selected={selected}
        onMouseDown={(event) => event.preventDefault()}
        onMouseEnter={() => setActive(index)}
        onClick={() => select(result)}
        className={cn(
          'flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 transition-colors',
          selected ? 'bg-tint' : 'hover:bg-tint/60',
        )}
      >
        <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-lg bg-tint-strong text-accent">
          {result.type === 'field' ? <ContentIcon name={result.iconName} className="size-4" /> : <FileAudio className="size-4" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-ink">{result.title}</span>
          <span className="block truncate text-xs text-ink-muted">
            {result.type === 'field' ? result.description : [result.fieldTitle, result.duration].filter(Boolean).join(' · ')}
          </span>
          {/* On a phone the reason goes under the field, which keeps its room. */}
          {result.type === 'audio' && result.inTranscript ? <MatchedInTranscript className="mt-1 sm:hidden" /> : null}
        </span>
        {result.type === 'audio' && result.inTranscript ? <MatchedInTranscript className="shrink-0 max-sm:hidden" /> : null}
      </li>
    )
  }

  return (
    <div className={cn('relative', className)}>
      <label htmlFor={`${id}-input`} className="sr-only">
        Buscar
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="search"
        role="combobox"
        aria-expanded={showDropdown}
        aria-controls={`${id}-listbox`}
        aria-autocomplete="list"
        aria-activedescendant={activeResult ? optionId(active) : undefined}
        autoComplete="off"
        enterKeyHint="search"
        placeholder={LISTENER_MSG.searchPlaceholder}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={cn(
          'h-13 w-full rounded-2xl border border-line bg-card pr-12 pl-12 text-base text-ink shadow-soft placeholder:text-ink-muted/80',
          'focus-visible:border-line-strong focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600',
          '[&::-webkit-search-cancel-button]:hidden',
        )}
      />
      {value ? (
        <button
          type="button"
          aria-label={LISTENER_MSG.clearSearch}
          onClick={() => {
            onValueChange('')
            inputRef.current?.focus()
          }}
          className="absolute top-1/2 right-2 grid size-9 -translate-y-1/2 place-items-center rounded-xl text-ink-muted hover:bg-tint hover:text-ink"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      ) : null}

      <div
        ref={panelRef}
        className={cn(
          'absolute inset-x-0 top-full z-30 mt-2 overflow-hidden rounded-2xl border border-line bg-card shadow-lifted',
          !showDropdown && 'hidden',
        )}
      >
        <div id={`${id}-listbox`} role="listbox" aria-label="Resultados da busca" className="max-h-[min(24rem,60vh)] overflow-y-auto p-2 empty:hidden">
          {fields.length > 0 ? (
            <ul role="group" aria-labelledby={`${id}-fields`}>
              <li role="presentation" id={`${id}-fields`} className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                Campos
              </li>
              {fields.map((r, i) => renderOption(r, i))}
            </ul>
          ) : null}
          {audios.length > 0 ? (
            <ul role="group" aria-labelledby={`${id}-audios`} className={fields.length > 0 ? 'mt-2 border-t border-line pt-2' : undefined}>
              <li role="presentation" id={`${id}-audios`} className="px-3 pt-1 pb-1.5 text-xs font-semibold tracking-wide text-ink-muted uppercase">
                Áudios
              </li>
              {audios.map((r, i) => renderOption(r, fields.length + i))}
            </ul>
          ) : null}
        </div>
        <div role="status" aria-live="polite" className={cn(ordered.length > 0 && !searching && 'sr-only')}>
          {searching ? (
            <p className="flex items-center gap-2 px-5 py-4 text-sm text-ink-muted">
              <Loader2 aria-hidden="true" className="size-4 animate-spin" />
              {LISTENER_MSG.searching}
            </p>
          ) : query.isError && showDropdown ? (
            <p className="px-5 py-4 text-sm text-ink-muted">Não foi possível buscar agora. Tente novamente.</p>
          ) : settled && ordered.length === 0 ? (
            <p className="px-5 py-4 text-sm text-ink-muted">{LISTENER_MSG.searchEmpty(trimmed)}</p>
          ) : settled && showDropdown ? (
            countLabel(ordered.length, 'resultado', 'resultados')
          ) : null}
        </div>
      </div>
    </div>
  )
}

/** Why an audio was found: the words are in what it says, not in its title or tags. */
function MatchedInTranscript({ className }: { className: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full bg-tint-strong px-2 py-0.5 text-[0.7rem] font-semibold text-accent-strong', className)} data-testid="matched-in-transcript">
      <ScrollText aria-hidden="true" className="size-3" />
      {TRANSCRIPT_MSG.matchedInTranscript}
    </span>
  )
}
