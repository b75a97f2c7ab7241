// `server/prepare.mjs` runs this to write the place index for the catalogue just built (index-file.ts), so that
// the service reads it rather than building it on its first place request.
import { loadCatalogue } from '../../topology/catalogue.ts';
import { writeIndexFile } from './index-file.ts';
import { buildPlaceIndex, INDEX_FILE } from './places.ts';

const catalogue = loadCatalogue();
const index = buildPlaceIndex(catalogue);
writeIndexFile(INDEX_FILE, index, catalogue.version);
console.log(`places: wrote server/dist/places-index.bin (${index.size} places)`);
