import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { writeSyntheticStations } from './scale/synthetic-stations';
const dir = '/tmp/s200k'; const input = path.join(dir, 'syn.geojson');
(await import('node:fs')).mkdirSync(dir, { recursive: true });
writeSyntheticStations(input, 200_000);
const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/scale/import-child.ts', path.join(dir, 'scale.sqlite'), input], { encoding: 'utf8', cwd: '/work/main/apps/api' });
console.log(r.stdout.slice(-300), r.stderr.slice(-500));
