import {
  OperationNodeTransformer,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
  type PrimitiveValueListNode,
} from 'kysely';

import { toStorableText } from '../lib/storable-text.js';

const storable = (value: unknown): unknown => {
  if (typeof value === 'string') {
    return toStorableText(value);
  }
  if (Array.isArray(value)) {
    return value.map(storable);
  }
  return value;
};

class StorableValues extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const transformed = super.transformValue(node);
    return { ...transformed, value: storable(transformed.value) };
  }

  protected override transformPrimitiveValueList(
    node: PrimitiveValueListNode,
  ): PrimitiveValueListNode {
    const transformed = super.transformPrimitiveValueList(node);
    return { ...transformed, values: transformed.values.map(storable) };
  }
}

/**
 * The one choke point between the gateway and its database: every value a query carries is made
 * storable (see lib/storable-text.ts), so no input can fail a write with PostgreSQL's "invalid
 * byte sequence" or "unsupported Unicode escape" errors, whichever module wrote it.
 */
export class StorableTextPlugin implements KyselyPlugin {
  private readonly transformer = new StorableValues();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
