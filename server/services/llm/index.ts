// The model-provider layer's public surface: what the chat layer and the llm plugin import.
export { createModelRegistry, OFFLINE_LABEL_UNAVAILABLE, OFFLINE_LABEL_UNCONFIGURED } from './registry.ts'
export type { ModelInfo, ModelRegistry, RegistryDeps, RegistryLogger } from './registry.ts'
export { describeModelError } from './errors.ts'
export type { ModelErrorDescription } from './errors.ts'
export { ModelTimeoutError, timeoutMiddleware } from './timeouts.ts'
export type { ModelTimeoutKind, TimeoutOptions } from './timeouts.ts'
export { createOfflineModel, offlineAnswer, offlineTitle, OFFLINE_MODEL_ID, CONNECT_MODEL_HINT } from './offline-model.ts'
export { TITLE_SYSTEM_PROMPT, TITLE_PROMPT_MARKER, TITLE_MAX_WORDS, isTitleRequest } from './prompts.ts'
