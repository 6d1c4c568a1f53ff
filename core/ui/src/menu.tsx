import type { ComponentType } from 'react'
import type { ModuleMenuItem } from './module.ts'

/**
 * A drawer item as data: a module's `src/menu.json`. The module builds its `menu` from it, and the
 * build copies it (labels translated, see federation.js) to `dist/menu.json`, which GET /api/modules
 * returns, so the shell draws the drawer before any remote has loaded.
 */
export interface MenuEntry extends Omit<ModuleMenuItem, 'icon' | 'badge'> {
  /** The icon's SVG elements on a 24×24 stroked canvas, e.g. `<path d="M3 12h18"/>`. */
  icon?: string
  /** Stroke width of the icon (2 by default). */
  iconStroke?: number
  /** The label in each language (filled in by the build from the module's i18n files). */
  labels?: Partial<Record<string, string>>
}

type Icon = ComponentType<{ className?: string }>
const icons = new Map<string, Icon>()

/** One component per markup, so React keeps the same element between renders. */
export function markupIcon(markup: string, stroke = 2): Icon {
  const key = `${stroke}|${markup}`
  let icon = icons.get(key)
  if (!icon) {
    // The markup is the module's own build output (menu.json), never user input.
    icon = ({ className }: { className?: string }) => (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={stroke}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className}
        aria-hidden
        dangerouslySetInnerHTML={{ __html: markup }}
      />
    )
    icons.set(key, icon)
  }
  return icon
}

/** menu.json as TypeScript reads it (a JSON import types `section` as any string). */
export type MenuJson = Omit<MenuEntry, 'section'> & { section?: string }

/** Menu items from menu.json entries; `extras` adds what data cannot hold (a badge) by path. */
export function menuItems(
  entries: readonly MenuJson[],
  extras: Record<string, Pick<ModuleMenuItem, 'badge'>> = {},
): ModuleMenuItem[] {
  return entries.map(({ icon, iconStroke, labels: _labels, section, ...item }) => ({
    ...item,
    section: section === 'admin' ? ('admin' as const) : ('main' as const),
    ...(icon ? { icon: markupIcon(icon, iconStroke) } : {}),
    ...extras[item.to],
  }))
}
