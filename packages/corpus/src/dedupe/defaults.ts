// The corpus job's defaults, shared by the command line and the library's dedupe() (and kept apart from the
// pipeline, so the library's published declarations do not reach the file readers).

/** In the design notes' measurements: 20-word texts with one edit moved 10.5 bits on average, so below this distances are mostly noise. */
export const DEFAULT_MIN_TOKENS = 20;
/** Manku et al.'s k for 64-bit fingerprints of web pages; `simhash eval --corpus` measures it on one's own data. */
export const DEFAULT_DISTANCE = 3;
