// The sandbox as the panel reaches it: SandboxFrame in its own chunk (loaded when an html, svg or
// react artifact is previewed), and the URL of a version opened in a tab of its own.
import type { SandboxFrameProps } from './sandbox-frame.tsx'
import { artifactViewUrl } from './sandbox-url.ts'

export type SandboxFrameLike = SandboxFrameProps

export const loadSandboxFrame = () => import('./sandbox-frame.tsx').then((module) => module.SandboxFrame)

/** "Open in a new tab": the sandboxed view of one version (an opaque origin of its own). */
export const viewUrl = artifactViewUrl
