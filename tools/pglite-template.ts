/**
 * Writes dist/pglite-template/<PGlite version>.tar.gz, the initialised data directory an empty
 * standalone DATA_DIR starts from (libs/persistence pglite-template.ts says why). Run by
 * tools/build.mjs when the file for the installed PGlite is missing.
 */
import { writePgliteTemplate } from '@pds/persistence';

writePgliteTemplate(process.argv[2])
  .then((file) => {
    console.log(`pglite: wrote the data directory template ${file}`);
  })
  .catch((error: Error) => {
    console.error(error);
    process.exit(1);
  });
