import { GuaranteePage } from '../../features/admin-guarantee'

export default function AdminGarantiaRoute() {
  return <GuaranteePage />
}
