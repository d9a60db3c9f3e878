// The model picked on the home screen, remembered in localStorage. The server renders the default
// (it cannot know the stored choice); the stored one replaces it right after hydration.
import { useEffect, useState } from 'react'
import type { ModelInfo } from '../../../shared/models.ts'
import { MODEL_STORAGE_KEY } from '../../../shared/constants.ts'

export { MODEL_STORAGE_KEY }

export function useModelChoice(models: ModelInfo[], defaultModel: string): [string, (id: string) => void] {
  const [model, setModel] = useState(defaultModel)
  useEffect(() => {
    try {
      const stored = localStorage.getItem(MODEL_STORAGE_KEY)
      // A remembered model the server no longer offers falls back to the default.
      if (stored && models.some((entry) => entry.id === stored)) setModel(stored)
    } catch {
      // Storage disabled: the default it is.
    }
  }, [models])
  function choose(id: string) {
    setModel(id)
    try {
      localStorage.setItem(MODEL_STORAGE_KEY, id)
    } catch {
      // Storage disabled: the choice lasts for this page only.
    }
  }
  return [model, choose]
}
