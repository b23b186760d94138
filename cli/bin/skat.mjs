#!/usr/bin/env node
// Entry point for `npx skat`: runs the TypeScript CLI (cli/skat.ts) through tsx, no build step.
import { register } from "tsx/esm/api";

register();
await import("../skat.ts");
