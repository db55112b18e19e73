#!/usr/bin/env node
// The `molt` command (docs/cli.md#start-up). Runs the compiled CLI in dist/cli when it is a build of
// the sources as they are now (npm install builds it: the `prepare` script), else the TypeScript
// sources through tsx, saying so once on stderr when a person reads it (a terminal: an agent or a
// script parsing stderr gets only the command's own words). MOLT_CLI_FROM_SOURCE=1 always takes the
// sources.
import { pathToFileURL } from 'node:url';
import { ENTRY, isBuildCurrent } from '../scripts/cli-build.mjs';

if (process.env.MOLT_CLI_FROM_SOURCE !== '1' && isBuildCurrent()) {
  await import(pathToFileURL(ENTRY).href);
} else {
  if (process.env.MOLT_CLI_FROM_SOURCE !== '1' && process.stderr.isTTY) {
    process.stderr.write(
      'molt: dist/cli is missing or older than the sources; running them through tsx (slower). ' +
        '`npm run build:cli` rebuilds it.\n',
    );
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import('../cli/main.ts');
}
