/**
 * Imported first by the spreadsheet worker, before xlsx is evaluated: xlsx 0.18.5 has published
 * prototype-pollution advisories on crafted files, so the prototypes its parser could reach are
 * frozen for the life of the worker (a polluting write then throws instead of spreading).
 */
Object.freeze(Object.prototype)
Object.freeze(Array.prototype)
Object.freeze(Function.prototype)
Object.freeze(String.prototype)
export {}
