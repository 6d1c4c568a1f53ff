/** Which attachments the editor takes and what the edited file is called (unit-tested). */

const EDITABLE = ['image/png', 'image/jpeg', 'image/webp']
const EDITABLE_EXT = /\.(png|jpe?g|webp)$/i

/** PNG, JPEG and WebP images (by type, or by extension when the browser gave no type). */
export function isEditableImage(file: { name: string; type: string }): boolean {
  return file.type ? EDITABLE.includes(file.type.toLowerCase()) : EDITABLE_EXT.test(file.name)
}

export interface Output {
  type: 'image/png' | 'image/jpeg'
  quality?: number
  ext: 'png' | 'jpg'
}

/**
 * PNG stays PNG (it may have transparency and sharp drawings); JPEG and WebP become JPEG at 0.9 —
 * WebP because not every phone shows it inline.
 */
export function outputFor(file: { name: string; type: string }): Output {
  const png = file.type ? file.type.toLowerCase() === 'image/png' : /\.png$/i.test(file.name)
  return png ? { type: 'image/png', ext: 'png' } : { type: 'image/jpeg', quality: 0.9, ext: 'jpg' }
}

/** The same name with the output's extension ("foto.webp" → "foto.jpg"; "foto" → "foto.jpg"; "a.jpeg" stays). */
export function renameFor(name: string, ext: string): string {
  if (ext === 'jpg' && /[^/\\]\.jpe?g$/i.test(name.trim())) return name.trim()
  const base = name.trim().replace(/\.[^./\\]*$/, '') || 'imagem'
  return `${base}.${ext}`
}
