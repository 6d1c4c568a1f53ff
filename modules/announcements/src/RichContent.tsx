import type { CSSProperties } from 'react'
import { IMAGE_SIZES, type RichBlock } from './types.ts'

/** Only our own signed media links (and the editor's local previews) become an image source. */
export const safeImageSrc = (src: string) =>
  /^\/api\/media\/[^?#]+\?/.test(src) || src.startsWith('blob:') ? src : null

function imageStyle(b: RichBlock): { figure: CSSProperties; img: CSSProperties } {
  const size = b.size ?? 'medium'
  const width = size === 'full' ? '100%' : size === 'custom' ? (b.customWidth ?? IMAGE_SIZES.medium) : IMAGE_SIZES[size]
  const img: CSSProperties = {
    width: '100%',
    height: size === 'custom' && b.customHeight ? b.customHeight : 'auto',
    objectFit: 'contain',
  }
  const position = b.position ?? 'center'
  const figure: CSSProperties = { width, maxWidth: '100%' }
  if (b.textWrap && size !== 'full' && position !== 'center') {
    figure.float = position
    figure.margin = position === 'left' ? '0 1rem 0.5rem 0' : '0 0 0.5rem 1rem'
  } else {
    figure.marginLeft = position === 'left' ? 0 : 'auto'
    figure.marginRight = position === 'right' ? 0 : 'auto'
    figure.marginBottom = '0.5rem'
  }
  return { figure, img }
}

/**
 * Rich content drawn with React elements only: text goes in as text (never
 * HTML, never dangerouslySetInnerHTML), images only from our own signed media URLs. Nothing stored
 * can run script here.
 */
export function RichContent({ blocks }: { blocks: RichBlock[] }) {
  return (
    <div className="announcement-rich text-sm" data-testid="announcement-rich">
      {blocks.map((b) => {
        if (b.type === 'text') {
          if (b.style === 'title')
            return (
              <h3 key={b.id} className="mb-2 text-lg font-bold" data-block="text">
                {b.content}
              </h3>
            )
          if (b.style === 'subtitle')
            return (
              <h4 key={b.id} className="mb-2 text-base font-semibold" data-block="text">
                {b.content}
              </h4>
            )
          return (
            <p key={b.id} className="mb-2 whitespace-pre-wrap" data-block="text">
              {b.content}
            </p>
          )
        }
        const src = safeImageSrc(b.content)
        if (!src) return null
        const style = imageStyle(b)
        return (
          <figure key={b.id} style={style.figure} data-block="image">
            <img src={src} alt={b.caption || ''} style={style.img} className="rounded" />
            {b.caption && (
              <figcaption className="mt-1 text-center text-xs text-slate-600 dark:text-slate-300">
                {b.caption}
              </figcaption>
            )}
          </figure>
        )
      })}
      <div style={{ clear: 'both' }} />
    </div>
  )
}
