import { useSyncExternalStore } from 'react';
import { type Favourite, readFavourites, subscribeFavourites } from '../utils/favourites-store';

const EMPTY: Favourite[] = [];

/** The saved favourites, re-rendering when they change in this tab or another one. */
export function useFavourites(): Favourite[] {
  return useSyncExternalStore(subscribeFavourites, readFavourites, () => EMPTY);
}
