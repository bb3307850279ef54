import { useStore } from 'zustand';
import { type Favourite, favouritesStore } from './favourites-store';

/** The saved favourites, re-rendering when they change in this tab or another one. */
export function useFavourites(): Favourite[] {
  return useStore(favouritesStore, (state) => state.list);
}
