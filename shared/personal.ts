// The personal layer's shapes and limits, shared by the server and the browser.

/** Custom instructions: at most this many characters (about a page). */
export const INSTRUCTIONS_MAX_CHARS = 4000
/** A chat's own system prompt, and a project's instructions. */
export const SYSTEM_PROMPT_MAX_CHARS = 4000
export const PROJECT_NAME_MAX_CHARS = 80
/** How many projects an owner may have. */
export const PROJECTS_MAX = 200
/** Files one project may hold (their text goes to every chat of it). */
export const PROJECT_FILES_MAX = 20

/** A file of a project (GET /api/projects/:id/files). */
export interface ProjectFile {
  id: string
  /** Where its owner downloads it: /api/files/{id}. */
  url: string
  filename: string
  mediaType: string
  size: number
}
/** What a user types to confirm deleting all their chats (any case). */
export const DELETE_ALL_CHATS_CONFIRMATION = 'delete all chats'

/** GET /api/settings: what the settings dialog edits (the colour mode stays in the browser). */
export interface UserSettings {
  /** Custom instructions ('' when none): the first system prompt of every new answer. */
  instructions: string
  /** The model a new chat starts with; null: the server's default. */
  defaultModel: string | null
}

/** A project as the sidebar and the project page see it. */
export interface ProjectSummary {
  id: string
  name: string
  /** Given to the model in every chat of the project ('' when none). */
  instructions: string
  createdAt: number
  updatedAt: number
}
