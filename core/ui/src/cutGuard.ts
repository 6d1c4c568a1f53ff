/**
 * Nothing is cut silently (issue 35): a box's maxLength is the server's limit, and the browser
 * quietly drops what goes past it — a pasted 10,000-character text became 5,000. One listener on
 * the page sees every input and textarea, the kit's and the modules' own, and says so whenever a
 * paste, a drop or a keystroke would go past the box's limit.
 */
type TextBox = HTMLInputElement | HTMLTextAreaElement

const TEXT_INPUTS = new Set(['text', 'search', 'email', 'tel', 'url', 'password'])

function textBox(target: EventTarget | null): TextBox | null {
  if (target instanceof HTMLTextAreaElement) return target
  if (target instanceof HTMLInputElement && TEXT_INPUTS.has(target.type)) return target
  return null
}

/** Would inserting `text` over the box's selection go past its maxLength? */
export function overflows(box: TextBox, text: string): boolean {
  const max = box.maxLength
  if (!(max > 0) || box.readOnly || box.disabled || !text) return false
  const start = box.selectionStart ?? box.value.length
  const end = box.selectionEnd ?? start
  return box.value.length - (end - start) + text.length > max
}

/**
 * Calls `notify(max)` when a paste, a drop or typed text is cut by a box's maxLength (typing: once
 * per box until it loses focus, so holding a key at the limit does not repeat it). Returns the undo.
 */
export function guardCuts(root: Document, notify: (max: number, box: TextBox) => void): () => void {
  let told: TextBox | null = null
  const check = (target: EventTarget | null, text: string | undefined | null, typed: boolean) => {
    const box = textBox(target)
    if (!box || !text || (typed && told === box) || !overflows(box, text)) return
    told = box
    notify(box.maxLength, box)
  }
  // A paste or a drop is one deliberate act: always told. Typing is told once per visit to the box.
  const onPaste = (e: ClipboardEvent) => check(e.target, e.clipboardData?.getData('text/plain'), false)
  const onDrop = (e: DragEvent) => check(e.target, e.dataTransfer?.getData('text/plain'), false)
  const onBeforeInput = (e: InputEvent) => {
    if (e.inputType === 'insertText' || e.inputType === 'insertCompositionText') check(e.target, e.data, true)
    else if (e.inputType === 'insertLineBreak') check(e.target, '\n', true)
  }
  const onBlur = (e: FocusEvent) => {
    if (e.target === told) told = null
  }
  root.addEventListener('paste', onPaste, true)
  root.addEventListener('drop', onDrop, true)
  root.addEventListener('beforeinput', onBeforeInput, true)
  root.addEventListener('focusout', onBlur, true)
  return () => {
    root.removeEventListener('paste', onPaste, true)
    root.removeEventListener('drop', onDrop, true)
    root.removeEventListener('beforeinput', onBeforeInput, true)
    root.removeEventListener('focusout', onBlur, true)
  }
}
