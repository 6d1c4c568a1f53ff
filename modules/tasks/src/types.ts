import type { Task, TaskFrame, TaskUser } from '@atende/plugin-tasks/api'

/** A task as GET /api/tasks answers it, and its socket frames: the plugin's published contract. */
export type { Task, TaskFrame, TaskUser }

/** A user to pick as responsible (GET /api/users/list). */
export interface UserChoice {
  id: number
  name: string
}
