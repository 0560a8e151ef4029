#!/usr/bin/env node
// The docex command: loads the TypeScript sources through tsx in this same process (no build
// step to forget, and signals reach the service directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
