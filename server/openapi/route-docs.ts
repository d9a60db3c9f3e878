// What the OpenAPI document says about each /api route beyond its schemas: a summary, a
// tag, the errors it can answer with, and examples. Kept in one table beside the routes instead of
// inside each: the route files stay about behaviour, and the coverage test reads this table to
// check that no route goes undocumented.
import { ARTIFACT_ROUTE_DOCS } from './artifact-route-docs.ts'

export interface RouteDoc {
  summary: string
  tag: string
  description?: string
  /** Error statuses besides those the route's schema declares (each answers `{ statusCode, code, message }`). */
  errors: number[]
  /** A success without a body. */
  noContent?: boolean
  /** The success is not JSON: an SSE stream, or a file's bytes. */
  success?: { status: number; mediaType: string; description: string }
  /** An example request body (JSON). */
  bodyExample?: unknown
  /** An example success body (JSON). */
  responseExample?: unknown
}

const CHAT_ID = '0f6b1a5e-6c1d-4d9c-9a57-2b0e6d3c5a11'
const MESSAGE = { id: 'b1c7a0e2-1f5e-4a8e-9c1d-7e2f3a4b5c6d', role: 'user', parts: [{ type: 'text', text: 'What is the weather in Lisbon?' }] }
const SIGNED_IN = 401
const RATE_LIMITED = 429

/** `METHOD /api/path/{param}` → its documentation. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/openapi.json': { summary: 'This document (OpenAPI 3.1)', tag: 'Meta', errors: [] },
  'GET /api/_auth/session': {
    summary: 'The current session',
    tag: 'Session',
    description: '`{}` for a visitor who has not signed in; `{ user, loggedInAt }` once signed in (the user of an API token, for a script).',
    errors: [],
    responseExample: { user: { id: 'c3d…', name: 'Ada', email: 'ada@example.com', avatar: null, username: null, provider: 'local' }, loggedInAt: 1764115200000 },
  },
  'DELETE /api/_auth/session': { summary: 'Sign out (the session is revoked on every replica)', tag: 'Session', errors: [] },
  'GET /api/auth/providers': { summary: 'The sign-in methods this server offers', tag: 'Session', errors: [], responseExample: [{ id: 'local', name: 'Email', url: '/auth/local' }] },
  'POST /api/auth/local/sign-in': { summary: 'Sign in with email and password', tag: 'Session', errors: [400, 401, 403, RATE_LIMITED], bodyExample: { email: 'ada@example.com', password: 'correct horse battery staple' } },
  'POST /api/auth/local/sign-up': {
    summary: 'Make a local account and sign in',
    tag: 'Session',
    description: 'Refused (403 SIGN_UP_CLOSED) when the server\'s SIGNUP policy does not let this email in.',
    errors: [400, 403, 409, RATE_LIMITED],
    bodyExample: { email: 'ada@example.com', password: 'correct horse battery staple', name: 'Ada' },
  },
  'GET /api/models': { summary: 'The models on offer, and the default', tag: 'Models', errors: [] },
  'GET /api/tools': { summary: 'The tools answers may call', tag: 'Models', errors: [] },
  'GET /api/chats': { summary: 'Your chats, newest activity first (paged)', tag: 'Chats', errors: [400, 404] },
  'DELETE /api/chats': { summary: 'Delete all your chats', tag: 'Chats', errors: [400], bodyExample: { confirm: 'delete all chats' } },
  'POST /api/chats': {
    summary: 'Start a chat with a first message (its answer streams from POST /api/chats/{id})',
    tag: 'Chats',
    errors: [400, SIGNED_IN, 403, 409, RATE_LIMITED],
    bodyExample: { id: CHAT_ID, message: MESSAGE },
  },
  'GET /api/chats/search': { summary: 'Search your chats by title and text', tag: 'Chats', errors: [400] },
  'GET /api/chats/{id}': { summary: 'A chat with its messages (yours, or a public one)', tag: 'Chats', errors: [400, 404] },
  'GET /api/export': {
    summary: 'Every chat of yours in one file',
    tag: 'Chats',
    errors: [],
    success: { status: 200, mediaType: 'application/json', description: 'A download, streamed: a JSON array of chat exports (as `GET /api/chats/{id}/export?format=json` gives them), which `POST /api/import` takes back' },
  },
  'GET /api/chats/{id}/find': { summary: 'The messages of a chat that hold a text (its find bar)', tag: 'Chats', errors: [400, 404] },
  'GET /api/chats/{id}/messages/{messageId}': {
    summary: 'One message whole (the rest of a long message its page carried only the start of)',
    tag: 'Chats',
    description: 'A chat page carries the first 100,000 characters of a longer message, marked `metadata.clipped`; this gives all of it. A reader of a public chat gets the messages of the branch it shows.',
    errors: [400, 404],
  },
  'PATCH /api/chats/{id}': {
    summary: 'Rename, share, pin, archive, move or set the system prompt of a chat',
    tag: 'Chats',
    errors: [400, 404],
    bodyExample: { title: 'Trip to Lisbon', visibility: 'private' },
  },
  'DELETE /api/chats/{id}': { summary: 'Delete a chat with its messages and files', tag: 'Chats', errors: [400, 404], noContent: true },
  'POST /api/chats/{id}': {
    summary: 'Send a message and stream the answer (AI SDK UI message stream, SSE)',
    tag: 'Answers',
    description: 'Also regenerates (`trigger: regenerate-message`) and continues answers. Refused with 429 QUOTA_EXCEEDED when the daily token quota is used up (Retry-After says when it resets).',
    errors: [400, SIGNED_IN, 403, 404, 409, 413, RATE_LIMITED],
    success: { status: 200, mediaType: 'text/event-stream', description: 'The answer, as the AI SDK UI message stream (`x-vercel-ai-ui-message-stream: v1`)' },
    bodyExample: { id: CHAT_ID, messages: [MESSAGE], trigger: 'submit-message' },
  },
  'DELETE /api/chats/{id}/messages': { summary: 'Remove the messages after one (before an edit or a regenerate)', tag: 'Chats', errors: [400, 404, 409], bodyExample: { messageId: MESSAGE.id, type: 'regenerate' } },
  'POST /api/chats/{id}/branch': { summary: 'Show another version of a message (a branch)', tag: 'Chats', errors: [400, 404, 409], bodyExample: { messageId: MESSAGE.id } },
  'GET /api/chats/{id}/votes': { summary: "The chat's votes on answers", tag: 'Chats', errors: [400, 404] },
  'POST /api/chats/{id}/votes': { summary: 'Vote an answer up or down (null takes the vote back)', tag: 'Chats', errors: [400, 404], bodyExample: { messageId: MESSAGE.id, value: 'up' } },
  'GET /api/chats/{id}/export': {
    summary: 'Export a chat as Markdown or JSON',
    tag: 'Chats',
    errors: [400, 404],
    success: { status: 200, mediaType: 'text/markdown', description: 'A download: Markdown (`format=md`, the default) or JSON (`format=json`)' },
  },
  'POST /api/chats/{id}/stop': { summary: 'Stop the answer being written (the partial answer is kept)', tag: 'Answers', errors: [400, 404] },
  'POST /api/chats/{id}/approvals': { summary: 'Approve or deny a tool call that waits for approval', tag: 'Answers', errors: [400, 404, 409], bodyExample: { approvalId: 'approval-1', approved: false, reason: 'Not now' } },
  'GET /api/chats/{id}/stream': {
    summary: 'Follow the answer being written (from its first chunk); 204 when none is',
    tag: 'Answers',
    errors: [400, 404],
    noContent: true,
    success: { status: 200, mediaType: 'text/event-stream', description: 'The running answer, as the AI SDK UI message stream' },
  },
  'GET /api/settings': { summary: 'Your custom instructions and default model', tag: 'Settings', errors: [] },
  'PATCH /api/settings': { summary: 'Change your custom instructions or default model', tag: 'Settings', errors: [400, SIGNED_IN], bodyExample: { instructions: 'Answer briefly.', defaultModel: null } },
  'GET /api/projects': { summary: 'Your projects', tag: 'Projects', errors: [] },
  'POST /api/projects': { summary: 'Make a project', tag: 'Projects', errors: [400, SIGNED_IN, 409], bodyExample: { name: 'Thesis', instructions: 'Cite sources.' } },
  'GET /api/projects/{id}': { summary: 'A project', tag: 'Projects', errors: [400, 404] },
  'PATCH /api/projects/{id}': { summary: 'Rename a project or change its instructions', tag: 'Projects', errors: [400, 404], bodyExample: { name: 'Thesis (final)' } },
  'DELETE /api/projects/{id}': { summary: 'Delete a project (its chats stay, outside any project)', tag: 'Projects', errors: [400, 404], noContent: true },
  'GET /api/projects/{id}/files': { summary: "A project's files", tag: 'Projects', errors: [400, 404] },
  'POST /api/projects/{id}/files': { summary: 'Add an uploaded file to a project', tag: 'Projects', errors: [400, 404, 409], bodyExample: { fileId: '5d0c9a4e-2b1f-4c3d-8e7a-6f5b4c3d2e1f' } },
  'DELETE /api/projects/{id}/files/{fileId}': { summary: 'Remove a file from a project', tag: 'Projects', errors: [400, 404] },
  'POST /api/import': { summary: 'Import a ChatGPT, Claude or own export (multipart); runs in the background', tag: 'Imports', errors: [401, RATE_LIMITED] },
  'GET /api/import/{id}': { summary: "An import's progress and summary", tag: 'Imports', errors: [400, 401] },
  'POST /api/files': { summary: 'Upload a file (multipart) to attach to a message', tag: 'Files', errors: [400, SIGNED_IN, 403, 408, 413, 415, RATE_LIMITED] },
  'GET /api/files/{id}': {
    summary: "A file's bytes (yours, or one in a public chat)",
    tag: 'Files',
    errors: [400, 404],
    success: { status: 200, mediaType: 'application/octet-stream', description: 'The bytes, with the type sniffed at upload, `nosniff` and a sandbox policy' },
  },
  'DELETE /api/files/{id}': { summary: 'Delete one of your files (the message that carried it then shows it as removed)', tag: 'Files', errors: [400, 404], noContent: true },
  'POST /api/account/password': { summary: "Change a local account's password", tag: 'Account', errors: [400, 401, RATE_LIMITED], bodyExample: { currentPassword: 'correct horse battery staple', newPassword: 'tr0ub4dor and three more words' } },
  'POST /api/account/sign-out-everywhere': { summary: 'End every session of your account', tag: 'Account', errors: [401] },
  'DELETE /api/account': { summary: 'Delete your account with its chats and files', tag: 'Account', errors: [400, 401], bodyExample: { confirm: 'delete my account' } },
  'GET /api/tokens': { summary: 'Your API tokens (never their secrets)', tag: 'Account', errors: [401] },
  'POST /api/tokens': { summary: 'Make an API token (its secret is shown once)', tag: 'Account', errors: [400, 401, 409], bodyExample: { name: 'Backup script' } },
  'DELETE /api/tokens/{id}': { summary: 'Revoke an API token', tag: 'Account', errors: [400, 401, 404], noContent: true },
  'GET /api/admin/users': { summary: 'Users, newest first, searchable (administrators only)', tag: 'Admin', errors: [400, 404] },
  'POST /api/admin/users/{id}/disable': { summary: 'Disable a user: no sign-in, sessions ended at once', tag: 'Admin', errors: [400, 404] },
  'POST /api/admin/users/{id}/enable': { summary: 'Enable a disabled user', tag: 'Admin', errors: [400, 404] },
  'POST /api/admin/users/{id}/sign-out': { summary: 'End every session of a user', tag: 'Admin', errors: [400, 404] },
  'POST /api/admin/users/{id}/admin': { summary: 'Make a user an administrator, or not', tag: 'Admin', errors: [400, 404], bodyExample: { admin: true } },
  'POST /api/admin/users/{id}/quota': { summary: "Set a user's own daily token quota", tag: 'Admin', errors: [400, 404], bodyExample: { tokensPerDay: 200000 } },
  'DELETE /api/admin/users/{id}': { summary: 'Delete a user with their chats and files', tag: 'Admin', errors: [400, 404], bodyExample: { confirm: 'ada@example.com' } },
  'GET /api/admin/usage': { summary: 'Tokens per day and model, top users, failed answers (last 30 days)', tag: 'Admin', errors: [404] },
  'GET /api/admin/audit': { summary: "The audit log of administrators' actions, newest first", tag: 'Admin', errors: [400, 404] },
  'GET /api/_nuxt_icon/{collection}.json': { summary: 'Icons of an Iconify collection (the UI loads them)', tag: 'Meta', errors: [400, 404, RATE_LIMITED, 502] },
  ...ARTIFACT_ROUTE_DOCS,
}

/** The OpenAPI path of a Fastify route URL: `/api/chats/:id` → `/api/chats/{id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')
}
