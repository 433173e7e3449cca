/**
 * The parts of the gateway's OpenAPI 3.1 document the documentation tab reads, and the
 * functions that turn its operations into endpoint cards. Nothing here is hand-maintained per
 * route: cards follow the document, so the docs never drift from the code.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
}

export interface OpenApiMediaType {
  schema?: JsonSchema;
  example?: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, OpenApiMediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, OpenApiMediaType> }>;
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  paths?: Record<string, Partial<Record<string, OpenApiOperation>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface ParameterRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** One declared answer: its status, what it means and the body's shape. */
export interface OperationResponse {
  status: string;
  description: string;
  schema: JsonSchema | undefined;
}

/** The credentials an operation takes, by security scheme name; empty for none. */
export type OperationSecurity = string[][];

export interface Operation {
  id: string;
  method: string;
  path: string;
  tags: string[];
  summary: string;
  description: string;
  parameters: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
  successStatus: string;
  successSchema: JsonSchema | undefined;
  responses: OperationResponse[];
  security: OperationSecurity;
}

/** Follows a local `#/components/schemas/…` reference (the gateway inlines today, but may not). */
export function resolveSchema(
  schema: JsonSchema | undefined,
  document: OpenApiDocument | undefined,
  depth = 0,
): JsonSchema | undefined {
  if (!schema?.$ref || depth > 10) {
    return schema;
  }
  const name = schema.$ref.replace(/^#\/components\/schemas\//, '');
  return resolveSchema(document?.components?.schemas?.[name], document, depth + 1);
}

/** Every documented operation, in document order. */
export function listOperations(document: OpenApiDocument | undefined): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document?.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item?.[method];
      if (!operation) {
        continue;
      }
      const responses = Object.entries(operation.responses ?? {});
      const success = responses.find(([status]) => status.startsWith('2'));
      operations.push({
        id: operation.operationId ?? `${method}-${path}`,
        method: method.toUpperCase(),
        path,
        tags: operation.tags ?? [],
        summary: operation.summary ?? `${method.toUpperCase()} ${path}`,
        description: operation.description ?? '',
        parameters: operation.parameters ?? [],
        bodySchema: resolveSchema(
          operation.requestBody?.content?.['application/json']?.schema,
          document,
        ),
        successStatus: success?.[0] ?? '200',
        successSchema: resolveSchema(success?.[1].content?.['application/json']?.schema, document),
        responses: responses.map(([status, answer]) => ({
          status,
          description: answer.description ?? '',
          schema: resolveSchema(
            answer.content?.['application/json']?.schema ??
              Object.values(answer.content ?? {})[0]?.schema,
            document,
          ),
        })),
        security: (operation.security ?? []).map((requirement) => Object.keys(requirement)),
      });
    }
  }
  return operations;
}

/** A readable type: `string`, `integer`, `string | null`, `array of object`. */
export function schemaType(schema: JsonSchema | undefined): string {
  if (!schema) {
    return 'any';
  }
  if (schema.anyOf ?? schema.oneOf) {
    return [...new Set((schema.anyOf ?? schema.oneOf ?? []).map(schemaType))].join(' | ');
  }
  if (Array.isArray(schema.type)) {
    return schema.type.join(' | ');
  }
  if (schema.type === 'array') {
    return `array of ${schemaType(schema.items)}`;
  }
  if (schema.type) {
    return schema.type;
  }
  if (schema.enum) {
    return typeof schema.enum[0];
  }
  if (schema.properties) {
    return 'object';
  }
  return 'any';
}

/** The schema's own description, else one built from its constraints. */
export function describeSchema(schema: JsonSchema | undefined): string {
  if (!schema) {
    return '';
  }
  if (schema.description) {
    return schema.description;
  }
  const parts: string[] = [];
  if (schema.enum) {
    parts.push(`One of ${schema.enum.map(String).join(', ')}.`);
  }
  if (schema.format === 'email') {
    parts.push('An email address.');
  }
  if (schema.pattern === '^\\d{4}-\\d{2}-\\d{2}$') {
    parts.push('A date, YYYY-MM-DD.');
  } else if (schema.pattern && /^\^\\d\{1,\d+\}\$$/.test(schema.pattern)) {
    parts.push('A numeric id.');
  }
  const isSafeBound = (value: number | undefined) =>
    value !== undefined && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  if (isSafeBound(schema.minimum) && isSafeBound(schema.maximum)) {
    parts.push(`From ${schema.minimum} to ${schema.maximum}.`);
  }
  if (schema.maxLength !== undefined) {
    parts.push(`Up to ${schema.maxLength} characters.`);
  }
  if (schema.minItems !== undefined || schema.maxItems !== undefined) {
    parts.push(`${schema.minItems ?? 0} to ${schema.maxItems ?? 'any number of'} items.`);
  }
  if (schema.default !== undefined && typeof schema.default !== 'object') {
    parts.push(`Default ${String(schema.default)}.`);
  }
  return parts.join(' ');
}

const LOCATION_NOTES: Record<OpenApiParameter['in'], string> = {
  path: 'Path parameter.',
  query: '',
  header: 'Header.',
  cookie: 'Cookie.',
};

/** Parameter-table rows: path, query and header parameters, then (for bodies) the body fields. */
export function parameterRows(operation: Operation): ParameterRow[] {
  const rows: ParameterRow[] = operation.parameters.map((parameter) => ({
    name: parameter.name,
    type: schemaType(parameter.schema),
    required: parameter.required === true || parameter.in === 'path',
    description: [
      LOCATION_NOTES[parameter.in],
      parameter.description ?? describeSchema(parameter.schema),
    ]
      .filter(Boolean)
      .join(' '),
  }));
  return [...rows, ...bodyRows(operation.bodySchema)];
}

/** Rows for an object schema's fields (and, one level down, their fields as `a.b`). */
export function bodyRows(schema: JsonSchema | undefined, prefix = '', depth = 0): ParameterRow[] {
  if (!schema?.properties) {
    return [];
  }
  const rows: ParameterRow[] = [];
  for (const [name, property] of Object.entries(schema.properties)) {
    const fullName = `${prefix}${name}`;
    rows.push({
      name: fullName,
      type: schemaType(property),
      required: schema.required?.includes(name) ?? false,
      description: describeSchema(property),
    });
    if (depth < 1) {
      rows.push(...bodyRows(property, `${fullName}.`, depth + 1));
    }
  }
  return rows;
}

/** Does the operation match a search (its path, title or a parameter's name, ignoring case)? */
export function matchesSearch(
  operation: Pick<Operation, 'path' | 'summary' | 'parameters' | 'bodySchema'>,
  search: string | undefined,
) {
  const needle = search?.trim().toLowerCase();
  if (!needle) {
    return true;
  }
  const names = [
    ...operation.parameters.map((parameter) => parameter.name),
    ...Object.keys(operation.bodySchema?.properties ?? {}),
  ];
  return [operation.path, operation.summary, ...names].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

const OUTLINE_DEPTH = 4;

/**
 * A schema as a TypeScript-like outline people read at a glance: `{ error: string; details?:
 * array of { field: string } }`, one field per line, optional fields marked with `?`.
 */
export function schemaOutline(schema: JsonSchema | undefined, indent = '', depth = 0): string {
  if (!schema) {
    return 'any';
  }
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const objects = variants.filter((variant) => variant.properties);
    if (objects.length === 0) {
      return schemaType(schema);
    }
    return variants.map((variant) => schemaOutline(variant, indent, depth)).join(' | ');
  }
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
    return `array of ${schemaOutline(schema.items, indent, depth)}`;
  }
  if (!schema.properties) {
    return schema.enum && schema.enum.length <= 8
      ? schema.enum.map((value) => JSON.stringify(value)).join(' | ')
      : schemaType(schema);
  }
  const entries = Object.entries(schema.properties);
  if (entries.length === 0) {
    return '{}';
  }
  if (depth >= OUTLINE_DEPTH) {
    return '{ … }';
  }
  const inner = `${indent}  `;
  const lines = entries.map(([name, property]) => {
    const optional = schema.required?.includes(name) ? '' : '?';
    return `${inner}${name}${optional}: ${schemaOutline(property, inner, depth + 1)}`;
  });
  return `{\n${lines.join('\n')}\n${indent}}`;
}
