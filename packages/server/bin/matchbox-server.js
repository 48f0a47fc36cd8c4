#!/usr/bin/env node
// The matchbox server, from the built JavaScript (npm run build; npm install builds it too).
await import('../dist/main.js');
