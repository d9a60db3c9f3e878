// Catches a React artifact's render errors: the frame shows the message (so a reader sees what
// broke) and the app hears of it (its panel offers "Ask to fix").
import { Component, createElement, type ReactNode } from 'react'

interface Props {
  onError(error: unknown): void
  onRendered(): void
  children?: ReactNode
}

export class ArtifactBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error)
  }

  override componentDidMount() {
    if (!this.state.error) this.props.onRendered()
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return createElement('pre', { className: 'artifact-error', role: 'alert' }, `${error.name}: ${error.message}`)
  }
}
