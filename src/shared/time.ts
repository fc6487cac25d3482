// Units of time, each defined once. A duration is written with them
// (`15 * MINUTE_MS`), and a named window sits next to the rule it belongs to.
// Plain values: safe for the server, the client and the widget build.

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
