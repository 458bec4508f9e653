import { toast } from 'sonner'
import type { OfflineNotice } from '../lib/messages'

/** Toasts what the offline hooks report (sonner; the app shows one toast at a time). */
export function showOfflineNotice(notice: OfflineNotice): void {
  if (notice.tone === 'success') toast.success(notice.title, { description: notice.description })
  else toast.error(notice.title, { description: notice.description })
}
