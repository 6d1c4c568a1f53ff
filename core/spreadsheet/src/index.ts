// Reading an uploaded .xlsx/.xls safely, for every plugin that imports one (parts, contact lists):
// type check before reading, parsing in a limited worker thread, header normalising.
export { assertSpreadsheet } from './type.ts'
export { parseSpreadsheet, type ParseOptions, type SpreadsheetErrors } from './parse.ts'
export { headerKey } from './header.ts'
