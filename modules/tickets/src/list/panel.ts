/**
 * The list panel's width: a percentage of the screen kept in local storage, 33 by
 * default, clamped by the window's width; under 768 px only one pane shows.
 */
export const PANEL_WIDTH_KEY = 'ticketsPanelWidth'
export const DEFAULT_PANEL_WIDTH = 33
export const SINGLE_PANE_MAX_PX = 768
/** Arrow keys on the handle move it this many percent (Shift: five times as much). */
export const PANEL_KEY_STEP = 1

/** [min, max] percent for a window `width` px wide. */
export function panelBounds(width: number): [number, number] {
  if (width > 1200) return [25, 65]
  if (width >= 769) return [30, 60]
  return [35, 55]
}

export function clampPanelWidth(percent: number, width: number): number {
  const [min, max] = panelBounds(width)
  if (!Number.isFinite(percent)) return Math.min(max, Math.max(min, DEFAULT_PANEL_WIDTH))
  return Math.min(max, Math.max(min, Math.round(percent * 10) / 10))
}

/** The stored width, or the default when missing or not a number. */
export function readPanelWidth(stored: string | null, width: number): number {
  const n = stored == null || stored === '' ? NaN : Number(stored)
  return clampPanelWidth(Number.isFinite(n) ? n : DEFAULT_PANEL_WIDTH, width)
}

/** The width after a key on the drag handle, or null when the key does nothing. */
export function panelWidthForKey(current: number, key: string, shift: boolean, width: number): number | null {
  const step = PANEL_KEY_STEP * (shift ? 5 : 1)
  const [min, max] = panelBounds(width)
  switch (key) {
    case 'ArrowLeft':
      return clampPanelWidth(current - step, width)
    case 'ArrowRight':
      return clampPanelWidth(current + step, width)
    case 'Home':
      return min
    case 'End':
      return max
    default:
      return null
  }
}
