// The message meta chunk (time, answer details): fetched once the page has settled, not with it.
import { lazyComponent } from '../../lib/lazy-component.ts'
import { pageSettled } from '../../lib/page-settled.ts'
import type { MessageMetaProps } from './message-meta.tsx'

export const LazyMessageMeta = lazyComponent<MessageMetaProps>('the message times', () => pageSettled().then(() => import('./message-meta.tsx')).then((module) => module.MessageMeta))
