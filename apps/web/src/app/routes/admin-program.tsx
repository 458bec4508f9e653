import { useParams } from 'react-router'
import { ProgramEditorPage } from '../../features/admin-programs'

/** `/admin/programas/:programId`: the programme editor. */
export default function AdminProgramaRoute() {
  const { programId = '' } = useParams()
  return <ProgramEditorPage programId={programId} />
}
