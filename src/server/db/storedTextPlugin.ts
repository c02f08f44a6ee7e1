/**
 * Kysely plugin: every string a query sends (values, inserts, updates, raw `sql` parameters) goes through
 * the one text normaliser (src/shared/text/normaliseText.ts), so SQLite and PostgreSQL store the same text
 * and a lookup compares what was stored.
 */
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
import { normaliseStoredText } from '../../shared/text/normaliseText';

function normalised(value: unknown): unknown {
  return typeof value === 'string' ? normaliseStoredText(value) : value;
}

class StoredTextTransformer extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = normalised(node.value);
    return value === node.value ? super.transformValue(node) : { ...super.transformValue(node), value };
  }

  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    const out = super.transformPrimitiveValueList(node);
    return { ...out, values: out.values.map(normalised) };
  }
}

/** Normalises every string parameter of every query (results pass through). */
export class StoredTextPlugin implements KyselyPlugin {
  readonly #transformer = new StoredTextTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
