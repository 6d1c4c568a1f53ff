import { Component, type ComponentType, type ReactNode } from 'react'

/**
 * The users screen's extension slots (listed in core/ui/src/extensions.tsx), so another module adds to
 * it without this module knowing the feature:
 * - `users.columns` `{ setColumn }`: a contribution renders nothing itself; while it wants a column it
 *   calls `setColumn(key, column)` (and `setColumn(key, null)` to take it away, e.g. when a company
 *   setting is off, and on unmount). The table shows such columns after "profile".
 * - `users.actions` `{ user }`: buttons in each row's actions cell, before edit and delete.
 */
export interface SlotUser {
  id: number
  name: string
  email: string
  profile: string
}

export interface UserColumn {
  header: ReactNode
  /** Rendered in each row; a crash empties that cell only. */
  Cell: ComponentType<{ user: SlotUser }>
  headerClassName?: string
  className?: string
}

export type SetUserColumn = (key: string, column: UserColumn | null) => void

/** Around a contributed cell: its failure is logged and leaves the row intact. */
export class ExtensionCell extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: Error) {
    console.error('[users] a users.columns cell failed', error)
  }
  render() {
    return this.state.failed ? null : this.props.children
  }
}
