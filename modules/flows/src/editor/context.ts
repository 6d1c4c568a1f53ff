import { createContext, useContext } from 'react'

/** What a node card can ask of the editor (its header's buttons) and whether the server named it. */
export interface EditorActions {
  edit(id: string): void
  duplicate(id: string): void
  remove(id: string): void
  /** The node the last refused save named (ERR_FLOW_INVALID, field nodes.<id>). */
  invalidId: string | null
}

export const EditorContext = createContext<EditorActions>({
  edit: () => {},
  duplicate: () => {},
  remove: () => {},
  invalidId: null,
})
export const useEditorActions = () => useContext(EditorContext)
