import { Component, type ReactNode } from 'react'
import { serverErrorPage } from '../../../shared/error-page.ts'
import { ErrorView } from './error-view.tsx'

/**
 * A fatal or unhandled error leads to the error page (docs/product-contract.md). Also catches a server render that
 * failed after the shell was streamed: React retries that part in the browser, and if it fails
 * again it lands here.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown) {
    console.error('[app] unhandled error while rendering', error)
  }

  override render() {
    return this.state.failed ? <ErrorView error={serverErrorPage()} /> : this.props.children
  }
}
