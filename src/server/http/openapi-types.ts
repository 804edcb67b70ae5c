/** The credentials an operation takes, as an OpenAPI security requirement (names of SECURITY_SCHEMES). */
export type Requirement = Record<string, string[]>;

/** An operation's entry: its operationId, a one-line summary, and the credentials it takes. */
export type Row = [operationId: string, summary: string, security: Requirement[]];
