/** A bad command line; the command prints the message and its usage, and exits 2. */
export class UsageError extends Error {}

/** A command that cannot run where it was started (no project found); exit 1, no usage. */
export class CommandError extends Error {}
