// The artifact routes, as the panel calls them.
import { http } from '../../lib/http.ts'
import type { ArtifactList, ArtifactSaveRequest, ArtifactVersionResponse } from '../../../shared/artifacts.ts'

const base = (chatId: string) => `/api/chats/${encodeURIComponent(chatId)}/artifacts`

export const artifactApi = {
  list: (chatId: string) => http.get<ArtifactList>(base(chatId)),
  version: (chatId: string, artifactId: string, version?: number) =>
    http.get<ArtifactVersionResponse>(`${base(chatId)}/${encodeURIComponent(artifactId)}${version ? `?version=${version}` : ''}`),
  save: (chatId: string, artifactId: string, body: ArtifactSaveRequest) => http.post<ArtifactVersionResponse>(`${base(chatId)}/${encodeURIComponent(artifactId)}`, body),
}
