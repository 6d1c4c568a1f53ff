export { createStorage, DEFAULT_MEDIA_MAX_BYTES, type LocalStorage, type StorageOptions } from './service.ts'
export { registerFileRoutes } from './routes.ts'
export { safeFileName, contentTypeOf, familyOf } from './names.ts'
