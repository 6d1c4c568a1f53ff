/**
 * The tasks plugin's published contract, version 1: what other plugins and the tasks module
 * may use (`import type { Task } from '@atende/plugin-tasks/api'`). Nothing else of this
 * plugin is imported from outside. TypeBox only (no SDK), so the front end's types stay small.
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

/** A user responsible for a task, as answers name them. */
export const TaskUser = Type.Object({ id: Type.Integer(), name: Type.String() })
export type TaskUser = Static<typeof TaskUser>

/** A task as every answer and every socket frame carries it. */
export const Task = Type.Object({
  id: Type.Integer(),
  companyId: Type.Integer(),
  text: Type.String(),
  done: Type.Boolean(),
  day: Type.Union([Type.Null(), Type.String({ format: 'date-time' })], {
    description: 'when it is due; null: no date',
  }),
  userid: Type.Array(Type.Integer(), { description: 'the responsible users' }),
  users: Type.Array(TaskUser, { description: 'the responsible users with their names, by name' }),
  createdBy: Type.Union([Type.Null(), Type.Integer()], { description: 'its author (null: a deleted user)' }),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Task = Static<typeof Task>

/** `company-{id}-task` socket frames. */
export type TaskFrame = { action: 'create' | 'update'; task: Task } | { action: 'delete'; id: number }

/** Sees, edits and deletes every task of the company (admins; the super user holds every permission). */
export const ALL_PERMISSION = 'tasks:all'

/** The list's page size (GET /tasks?pageNumber=…). */
export const TASKS_PAGE_SIZE = 50
