#!/usr/bin/env node
// The `simhash` command. A file of its own, committed, so npm can link the bin at install time in a fresh
// clone, before `npm run build` has made dist/ (the command itself is dist/cli.js).
import '../dist/cli.js';
