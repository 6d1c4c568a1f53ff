/** A refusal the user can act on (bad name, existing feature, bad option): printed, exit code 1. */
export class ScaffoldError extends Error {
  /** `usage`: the command line itself was wrong, so the usage text follows the message. */
  constructor(
    message: string,
    readonly usage = false,
  ) {
    super(message)
    this.name = 'ScaffoldError'
  }
}
