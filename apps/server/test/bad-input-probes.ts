// Hostile requests for one OpenAPI operation: each parameter and body field (nested ones too) missing, of the wrong type
// or given each hostile value, the rest of the request plausible; and generic probes for shapes the document lacks.

type JsonSchema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; required?: boolean; schema?: JsonSchema };
export type Operation = {
  path: string;
  method: string;
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
export type Probe = { method: string; url: string; headers: Record<string, string>; payload?: string; label: string };

/** The hostile values of issue 20, as JSON values (query and path parameters get their text). */
const HOSTILE_VALUES: [label: string, value: unknown][] = [
  ['NUL', 'a\u0000b'],
  ['10,000 characters', 'x'.repeat(10_000)],
  ['-1', -1],
  ['2^31', 2 ** 31],
  ['2^63', 2 ** 63],
  ['2^63 as text', '9223372036854775808'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['right-to-left', '\u202Etxt.exe'],
  ['combining', 'Z\u0351\u0352\u0353a\u0300\u0301\u0302'],
  ['SQL', "' OR 1=1; DROP TABLE users; --"],
  ['HTML', '<script>alert(1)</script><img src=x onerror=alert(1)>'],
  ['empty', ''],
  ['fraction', 1.5],
];
/** Field names tried on operations whose body or query the document does not describe. */
const GENERIC_FIELDS = ['id', 'userName', 'password', 'email'];
const GENERIC_VALUES = HOSTILE_VALUES.filter(([label]) =>
  ['NUL', '10,000 characters', '2^63', '__proto__', 'SQL'].includes(label),
);

function resolve(schema: JsonSchema | undefined): JsonSchema {
  if (!schema) return {};
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return resolve(options.find((option) => typeOf(option) !== 'null') ?? options[0]);
  if (schema.allOf?.length) return resolve(Object.assign({}, ...schema.allOf));
  return schema;
}
function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') ?? schema.type[0];
  if (schema.type) return schema.type;
  if (schema.properties) return 'object';
  return undefined;
}

/** A plausible value for the schema, so that a probe of one field meets the rules of that field only. */
function sample(raw: JsonSchema | undefined, depth = 0): unknown {
  const schema = resolve(raw);
  if (schema.enum?.length) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (typeOf(schema)) {
    case 'string': {
      if (schema.format === 'email') return 'sweep@test.example';
      if (schema.format === 'uri') return 'https://example.com/';
      if (schema.format === 'date-time') return new Date().toISOString();
      const length = Math.max(schema.minLength ?? 1, Math.min(5, schema.maxLength ?? 5));
      return 'Sweep'.padEnd(length, 'p').slice(0, Math.max(length, 1));
    }
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return false;
    case 'array':
      return depth < 3 && schema.items && (schema.minItems ?? 0) > 0 ? [sample(schema.items, depth + 1)] : [];
    case 'object':
      if (depth >= 3) return {};
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, property]) => [name, sample(property, depth + 1)]),
      );
    default:
      return 'Sweep';
  }
}

/**
 * The hostile values worth sending to a field of this schema: every one to text (and unknown) fields; to numbers the
 * numeric edges plus one text; to booleans, enums and constants a few, since any other value is simply of the wrong kind.
 */
function hostileValuesFor(raw: JsonSchema | undefined): [string, unknown][] {
  const schema = resolve(raw);
  const type = typeOf(schema);
  const pick = (labels: string[]) => HOSTILE_VALUES.filter(([label]) => labels.includes(label));
  if (schema.enum || 'const' in schema || type === 'boolean') return pick(['NUL', '-1', '__proto__']);
  if (type === 'integer' || type === 'number')
    return pick(['-1', '2^31', '2^63', '2^63 as text', 'fraction', 'NUL', '__proto__', 'empty']);
  if (type === 'array' || type === 'object') return pick(['NUL', '-1', '__proto__', '10,000 characters']);
  return HOSTILE_VALUES.filter(([label]) => !['constructor', 'fraction', '2^63 as text'].includes(label));
}

const wrongTypeOf = (schema: JsonSchema): unknown => {
  const type = typeOf(resolve(schema));
  if (type === 'string') return { not: 'text' };
  if (type === 'integer' || type === 'number') return 'not-a-number';
  if (type === 'boolean') return 'maybe';
  return 'not-an-object';
};

type Field = { path: (string | number)[]; schema: JsonSchema; required: boolean };

/** Every field of a body schema, nested objects and the first item of arrays of objects included. */
function fieldsOf(raw: JsonSchema, prefix: (string | number)[] = [], depth = 0): Field[] {
  const schema = resolve(raw);
  const fields: Field[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, name];
    fields.push({ path, schema: property, required: schema.required?.includes(name) ?? false });
    if (depth >= 2) continue;
    const inner = resolve(property);
    if (typeOf(inner) === 'object') fields.push(...fieldsOf(inner, path, depth + 1));
    const items = inner.items && resolve(inner.items);
    if (typeOf(inner) === 'array' && items && typeOf(items) === 'object')
      fields.push(...fieldsOf(items, [...path, 0], depth + 1));
  }
  return fields;
}

/** The baseline with `path` set to `value` (or removed), arrays on the way given one sample item. */
function withField(baseline: unknown, field: Field, value: unknown, remove: boolean, bodySchema: JsonSchema): unknown {
  const copy = structuredClone(baseline) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  let schema = resolve(bodySchema);
  for (let i = 0; i < field.path.length - 1; i++) {
    const key = field.path[i];
    const next = typeof key === 'number' ? resolve(schema.items) : resolve(schema.properties?.[key]);
    if (node[key] === null || typeof node[key] !== 'object')
      node[key] = typeof field.path[i + 1] === 'number' ? [] : {};
    const child = node[key] as Record<string | number, unknown>;
    if (Array.isArray(child) && child.length === 0) child.push(sample(next.items, 1));
    node = child;
    schema = next;
  }
  const last = field.path[field.path.length - 1];
  if (remove) delete node[last];
  else node[last] = value;
  return copy;
}

const BOUNDARY = 'sweepboundary';
function multipart(fileName: string): string {
  return [
    `--${BOUNDARY}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName}"`,
    'Content-Type: image/gif',
    '',
    'GIF89a',
    `--${BOUNDARY}--`,
    '',
  ].join('\r\n');
}

const asText = (value: unknown) =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : JSON.stringify(value);
const JSON_HEADERS = { 'content-type': 'application/json' };
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

export function probesFor(operation: Operation): Probe[] {
  const parameters = (operation.parameters ?? []).filter(
    (parameter) => parameter.in === 'path' || parameter.in === 'query',
  );
  const pathParameters = parameters.filter((parameter) => parameter.in === 'path');
  const queryParameters = parameters.filter((parameter) => parameter.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const hasBody = !['GET', 'HEAD'].includes(operation.method);

  const pathValues = Object.fromEntries(
    pathParameters.map((parameter) => [parameter.name, asText(sample(parameter.schema))]),
  );
  const queryValues = Object.fromEntries(
    queryParameters.map((parameter) => [parameter.name, asText(sample(parameter.schema))]),
  );
  const baselineBody = bodySchema ? sample(bodySchema) : undefined;

  const url = (path: Record<string, string>, query: Record<string, string>) => {
    const filled = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
      encodeURIComponent(path[name] ?? '1'),
    );
    const search = new URLSearchParams(query).toString();
    return search ? `${filled}?${search}` : filled;
  };
  const probe = (
    label: string,
    options: {
      path?: Record<string, string>;
      query?: Record<string, string>;
      body?: unknown;
      raw?: string;
      headers?: Record<string, string>;
    } = {},
  ): Probe => {
    const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    return {
      method: operation.method,
      url: url(options.path ?? pathValues, options.query ?? queryValues),
      headers: options.headers ?? (payload === undefined ? {} : JSON_HEADERS),
      payload,
      label,
    };
  };
  const body = baselineBody;
  const probes: Probe[] = [];

  for (const parameter of pathParameters) {
    probes.push(
      probe(`${parameter.name}: wrong type`, { path: { ...pathValues, [parameter.name]: 'not-a-number' }, body }),
    );
    for (const [label, value] of hostileValuesFor(parameter.schema))
      probes.push(
        probe(`${parameter.name}: ${label}`, { path: { ...pathValues, [parameter.name]: asText(value) }, body }),
      );
  }
  for (const parameter of queryParameters) {
    const { [parameter.name]: _omitted, ...without } = queryValues;
    probes.push(probe(`${parameter.name}: missing`, { query: without, body }));
    probes.push(
      probe(`${parameter.name}: wrong type`, {
        query: { ...queryValues, [parameter.name]: asText(wrongTypeOf(parameter.schema ?? {})) },
        body,
      }),
    );
    for (const [label, value] of hostileValuesFor(parameter.schema))
      probes.push(
        probe(`${parameter.name}: ${label}`, { query: { ...queryValues, [parameter.name]: asText(value) }, body }),
      );
  }
  if (bodySchema) {
    // A nested field with the same name and schema as one already probed (the two addresses of a group, the admins of
    // one payload) is the same validation again: probed once.
    const seen = new Set<string>();
    const distinct = fieldsOf(bodySchema).filter((field) => {
      const key = `${String(field.path[field.path.length - 1])}:${JSON.stringify(field.schema)}`;
      if (field.path.length > 1 && seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    for (const field of distinct) {
      const name = field.path.join('.');
      probes.push(probe(`${name}: missing`, { body: withField(body, field, undefined, true, bodySchema) }));
      probes.push(
        probe(`${name}: wrong type`, { body: withField(body, field, wrongTypeOf(field.schema), false, bodySchema) }),
      );
      probes.push(probe(`${name}: null`, { body: withField(body, field, null, false, bodySchema) }));
      for (const [label, value] of hostileValuesFor(field.schema))
        probes.push(probe(`${name}: ${label}`, { body: withField(body, field, value, false, bodySchema) }));
    }
    probes.push(probe('body: missing'));
    probes.push(probe('body: an array', { body: [] }));
    probes.push(probe('body: text', { raw: '"text"' }));
    probes.push(
      probe('body: __proto__ key', { raw: `{"__proto__":{"isAdmin":true},${JSON.stringify(body ?? {}).slice(1)}` }),
    );
    probes.push(
      probe('body: constructor key', {
        raw: `{"constructor":{"prototype":{"isAdmin":true}},${JSON.stringify(body ?? {}).slice(1)}`,
      }),
    );
  } else if (hasBody) {
    // No documented body (form, multipart or a route added without a schema): generic fields as JSON and as a form.
    for (const name of GENERIC_FIELDS) {
      for (const [label, value] of GENERIC_VALUES) {
        const fields = { grant_type: 'password', [name]: value };
        probes.push(probe(`generic ${name}: ${label}`, { body: fields }));
        const form = new URLSearchParams(
          Object.entries(fields).map(([key, field]): [string, string] => [key, asText(field)]),
        ).toString();
        probes.push(probe(`generic form ${name}: ${label}`, { raw: form, headers: FORM_HEADERS }));
      }
    }
    probes.push(
      probe('generic: multipart with a hostile file name', {
        raw: multipart('a\u0000<b>.gif'),
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      }),
    );
    probes.push(
      probe('generic: empty multipart', {
        raw: `--${BOUNDARY}--\r\n`,
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      }),
    );
  }
  if (!queryParameters.length) {
    // Undocumented query parameters are ignored or refused, never a 5xx.
    for (const [label, value] of HOSTILE_VALUES.slice(0, 4))
      probes.push(probe(`generic query: ${label}`, { query: { id: asText(value), orderBy: asText(value) }, body }));
  }
  return probes;
}
