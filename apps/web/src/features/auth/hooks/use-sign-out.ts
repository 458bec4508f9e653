import { toast } from '../../../lib/toast'
import { AUTH_MSG } from '@sintonia/contract'
import { getErrorMessage } from '../../../lib/api-client'
import { useSignOutMutation } from '../api/signed-in'
import { useEndSignIn } from './use-end-sign-in'

/**
 * 'Sair' (docs/product/accounts.md#sign-out): success toasts 'Logout realizado com sucesso!' and
 * goes to /; failure toasts 'Erro ao fazer logout' with the reason under it. The page is left before the signed-in person is
 * forgotten, so a guarded page never flashes its "sign in" redirect.
 */
export function useSignOut() {
  const endSignIn = useEndSignIn()
  const mutation = useSignOutMutation()

  const signOut = () =>
    mutation.mutate(undefined, {
      onSuccess: () => endSignIn('/', () => toast.success(AUTH_MSG.logoutSuccess, { id: 'auth' })),
      onError: (error) => {
        toast.error(AUTH_MSG.logoutFailed, { id: 'auth', description: getErrorMessage(error) })
      },
    })

  return { signOut, isPending: mutation.isPending }
}
