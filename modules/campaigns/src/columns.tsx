/** The campaign screens' tables have rows of one height. */
export const ROW_HEIGHT = 52
