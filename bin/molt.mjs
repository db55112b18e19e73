#!/usr/bin/env node
// The `molt` command. Runs the TypeScript sources through tsx's loader, so `npx molt …` works in
// a checkout with no build step.
import { register } from 'tsx/esm/api';

register();
await import('../cli/main.ts');
