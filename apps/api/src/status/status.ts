// The status slice's public entry (ADR 0015): the live-status plugin for the app, and the network hash the
// proposals slice counts independent voices with.
export { default as liveStatusPlugin } from './live-status-plugin';
export { createNetworkHasher } from './network-hash';
