import { GATEWAY_PREFIXES } from '@ehr-gateway/contracts';

import { routesUnder, type GatewayModule } from '../../lib/gateway-module.js';
import type { EhrModule } from '../ehr/index.js';
import type { IdempotencyModule } from '../idempotency/index.js';
import { registerAggregationRoutes } from './aggregation-routes.js';
import { createAggregationService } from './aggregation-service.js';

/** Scheduling flows that take several EHR calls, under /aggregate. */
export function createAggregationModule(deps: {
  ehr: Pick<EhrModule, 'forSource' | 'practiceIdFor'>;
  idempotency: Pick<IdempotencyModule, 'run'>;
}) {
  const service = createAggregationService(deps);
  return {
    routes: routesUnder(GATEWAY_PREFIXES.aggregation, (scope) =>
      registerAggregationRoutes(scope, service),
    ),
  } satisfies GatewayModule;
}
