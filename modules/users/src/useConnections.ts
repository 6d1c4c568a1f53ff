import { useNamedList } from './useNamedList.ts'

export interface ConnectionOption {
  id: number
  name: string
}

/** The company's connections for the user's default connection (GET /api/whatsapp). */
export const useConnections = (enabled: boolean) => useNamedList<ConnectionOption>('/whatsapp', enabled)
