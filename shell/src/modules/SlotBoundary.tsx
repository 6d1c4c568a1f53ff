import { Component, Suspense, type ReactNode } from 'react'

/** Around a module's slot component: a crash removes that widget only (logged), never the shell. */
export class SlotBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: Error) {
    console.error(`[modules] slot of ${this.props.name} failed`, error)
  }
  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>
  }
}
