import type about from './messages/about/en.json';
import type app from './messages/app/en.json';
import type common from './messages/common/en.json';
import type contact from './messages/contact/en.json';
import type coverage from './messages/coverage/en.json';
import type finder from './messages/finder/en.json';
import type home from './messages/home/en.json';
import type policies from './messages/policies/en.json';
import type pricing from './messages/pricing/en.json';
import type report from './messages/report/en.json';
import type voice from './messages/voice/en.json';

/**
 * Message catalogs, one folder per namespace under messages/, one file per language. English is the source:
 * every id is `<namespace>.<…>`, and every other language has exactly the same ids and placeholders
 * (messages.test.ts). A page loads only the namespaces it shows.
 */
export const NAMESPACES = [
  'common',
  'home',
  'about',
  'app',
  'pricing',
  'contact',
  'policies',
  'finder',
  'report',
  'voice',
  'coverage',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

export type MessageId =
  | keyof typeof common
  | keyof typeof home
  | keyof typeof about
  | keyof typeof app
  | keyof typeof pricing
  | keyof typeof contact
  | keyof typeof policies
  | keyof typeof finder
  | keyof typeof report
  | keyof typeof voice
  | keyof typeof coverage;
