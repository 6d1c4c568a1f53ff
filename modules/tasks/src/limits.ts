/** The server's limit on a task's text (plugins/tasks/src/schemas.ts). */
export const TEXT_MAX = 5_000
