import { useMutation } from '@tanstack/react-query'
import { API, AUTH_MSG, ENDPOINTS, type AuthMessage, type ChangePasswordInput } from '@sintonia/contract'
import { api, ApiRequestError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client'

export interface ExportedFile {
  blob: Blob
  filename: string
}

function filenameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''))
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain?.[1]?.trim() || fallback
}

/** GET /api/account/export: the person's data as a JSON file (LGPD, docs/product/accounts.md#minha-conta-minha-conta). */
export async function fetchAccountExport(today = new Date()): Promise<ExportedFile> {
  let response: Response
  try {
    response = await fetch(API.accounts.exportData, { credentials: 'include', headers: { accept: 'application/json' } })
  } catch {
    throw new ApiRequestError(0, NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) {
    let message = GENERIC_ERROR_MESSAGE
    try {
      const body = (await response.json()) as { message?: unknown }
      if (typeof body.message === 'string' && body.message.trim()) message = body.message
    } catch {
      // keep the generic message
    }
    throw new ApiRequestError(response.status, message)
  }
  const blob = await response.blob()
  const fallback = `meus-dados-${today.toISOString().slice(0, 10)}.json`
  return { blob: blob.type ? blob : new Blob([blob], { type: 'application/json' }), filename: filenameFrom(response.headers.get('content-disposition'), fallback) }
}

/** Hands a blob to the browser as a download. */
export function saveFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Give the browser time to start the download before releasing the memory.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

export function useExportAccount() {
  return useMutation({
    mutationFn: async () => {
      const file = await fetchAccountExport()
      saveFile(file)
      return file.filename
    },
  })
}

/** DELETE /api/account {password}: wrong password → 403 with a pt-BR message. */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => api(ENDPOINTS.accounts.deleteAccount, { body: { password } }),
  })
}

/** PATCH /api/account/profile {name}: the display name; answers the updated signed-in user. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: async (name: string) => (await api(ENDPOINTS.accounts.profile, { body: { name } })).user,
  })
}

async function messageOf(request: Promise<AuthMessage>, fallback: string): Promise<string> {
  const { message } = await request
  return message.trim() || fallback
}

/** POST /api/account/email/send-verification: the confirmation e-mail again (409 when already confirmed). */
export function useResendVerification() {
  return useMutation({
    mutationFn: () => messageOf(api(ENDPOINTS.accounts.resendVerification), AUTH_MSG.verificationSent),
  })
}

/** POST /api/account/email/change {newEmail}: a link goes to the new address; the change waits for it. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: (newEmail: string) => messageOf(api(ENDPOINTS.accounts.changeEmail, { body: { newEmail } }), AUTH_MSG.emailChangeSent),
  })
}

/**
 * POST /api/account/password/change: the server answers with a new sign-in cookie for this
 * browser and ends every other sign-in of the account.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => messageOf(api(ENDPOINTS.accounts.changePassword, { body: input }), AUTH_MSG.passwordChanged),
  })
}
