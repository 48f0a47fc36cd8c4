#!/usr/bin/env node
// The matchbox command: the built CLI (npm run build, run by npm install through `prepare`).
// dist/main.js runs main() itself when it is the entry, which this file's name tells it.
import '../dist/main.js';
