/**
 * The console's public entry for code outside it (package `@ehr-gateway/console/presets`): the
 * API tester's presets and the documentation tabs, which the e2e suite sends to a real gateway.
 * Lint refuses imports of anything else under src/ from e2e/ and bench/.
 */
export { docsByTab, type EndpointDoc } from './features/endpoints/lib/doc-tabs';
export { rememberFhirBooking } from './features/endpoints/lib/fhir-bookings';
export type { OpenApiDocument } from './features/endpoints/lib/openapi';
export {
  CATEGORIES,
  presetsFor,
  type Preset,
  type PresetSource,
} from './features/endpoints/lib/presets';
