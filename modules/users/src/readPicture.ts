import { MAX_PICTURE_BYTES } from './validation.ts'

export type PictureResult =
  | { ok: true; dataUrl: string }
  | {
      ok: false
      error: 'users.validation.pictureTooLarge' | 'users.validation.pictureType' | 'users.validation.pictureRead'
    }

/** A chosen image file as a base64 data URL (a user's profilePicture), at most 1 MB. */
export function readPicture(file: File): Promise<PictureResult> {
  if (!file.type.startsWith('image/')) return Promise.resolve({ ok: false, error: 'users.validation.pictureType' })
  if (file.size > MAX_PICTURE_BYTES) return Promise.resolve({ ok: false, error: 'users.validation.pictureTooLarge' })
  return new Promise((resolve) => {
    const reader = new FileReader()
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : ''
      resolve(
        url.startsWith('data:image/')
          ? { ok: true, dataUrl: url }
          : { ok: false, error: 'users.validation.pictureType' },
      )
    }
    reader.onerror = () => resolve({ ok: false, error: 'users.validation.pictureRead' })
    reader.readAsDataURL(file)
  })
}
