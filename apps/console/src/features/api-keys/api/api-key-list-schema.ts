// The key list's schema on its own, for get-api-keys to import on demand: it brings zod, which the
// Dashboard's first render does not otherwise need.
export { ApiKeyList } from '@ehr-gateway/contracts';
