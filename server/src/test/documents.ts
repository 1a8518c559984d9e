// The server tests' door to the shared kit: one event-document factory for them and the e2e journeys.
export * from '../../../testkit/documents';
