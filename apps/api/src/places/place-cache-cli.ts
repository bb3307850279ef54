// Builds the place gazetteer's compact file (ADR 0011) for the installed packages, in the folder given (else
// the default), unless it is there: `npm run places:cache -w @cng/api [dir]`. The server runs it as a child
// process on its first start (warmPlaceGazetteer), so that reading the packages never weighs on its memory.
import { ensurePlaceCacheFile, setPlaceCacheDir } from './place-gazetteer';

const dir = process.argv[2];
if (dir) setPlaceCacheDir(dir);
const started = performance.now();
const { file, built } = ensurePlaceCacheFile();
console.log(`${built ? 'built' : 'already there'}: ${file} (${Math.round(performance.now() - started)} ms)`);
