/** The kernel's version, matched against each plugin's `host` range. */
export const KERNEL_VERSION = '1.0.1'
