// How much of a run the report page samples: the largest groups get their texts and diffs, each with its first
// members. Its own module so that the command line names the default without loading the page's code, and jsdiff
// with it, on every run (the page is rendered only for --report).
export const DEFAULT_SAMPLE_GROUPS = 200;
export const DEFAULT_SAMPLE_MEMBERS = 20;
