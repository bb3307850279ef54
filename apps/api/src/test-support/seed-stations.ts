import type { Station } from '@cng/shared';
import type { Db } from '../db/database';
import { rowFromStation } from '../stations/station-repository';
import { realStations } from './real-stations';

const SEEDED_AT = '2026-08-21T08:00:00.000Z';

/** Inserts `count` real stations (rows only) starting at `offset` of the real-data list; returns them. */
export async function seedStations(db: Db, count: number, offset = 0): Promise<Station[]> {
  const stations = realStations().slice(offset, offset + count);
  if (stations.length < count) throw new Error(`only ${stations.length} real stations from offset ${offset}`);
  for (let i = 0; i < stations.length; i += 200) {
    await db
      .insertInto('stations')
      .values(stations.slice(i, i + 200).map((s) => rowFromStation(s, SEEDED_AT)))
      .execute();
  }
  return stations;
}

/** A point `metres` due north of a station (lon, lat): 1° of latitude is ~111.2 km. */
export function northOf(station: Pick<Station, 'lon' | 'lat'>, metres: number) {
  return { lon: station.lon, lat: station.lat + metres / 111_195 };
}
