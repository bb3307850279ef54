// The contact slice's public entry (ADR 0015): its routes for the app, and the outbox the server starts.
export { default as adminMessageRoutes } from './admin-message-routes';
export { default as contactRoutes } from './contact-routes';
export type { Forwarder } from './forwarders/forwarder';
export { selectForwarder } from './forwarders/select-forwarder';
export { startContactOutbox } from './start-contact-outbox';
