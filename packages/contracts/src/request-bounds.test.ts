// Every request schema of every endpoint is bounded: each text has a maximum length, each number a maximum and each list
// a maximum size, so no request can carry an unbounded value into a service or a column (a bad value is a 400 naming
// the field). Read off the schemas' JSON Schema, so an endpoint added later is checked without being listed here.
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { endpointsByDomain } from './endpoints/index.ts';

type JsonSchema = { [key: string]: unknown };

function unboundedFields(schema: JsonSchema, path: string, root: JsonSchema, seen = new Set<string>()): string[] {
  const found: string[] = [];
  const reference = schema.$ref;
  if (typeof reference === 'string') {
    const name = reference.split('/').pop() ?? '';
    const definitions = (root.$defs ?? root.definitions ?? {}) as Record<string, JsonSchema>;
    if (seen.has(name) || !definitions[name]) return found;
    seen.add(name);
    return unboundedFields(definitions[name], path, root, seen);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    for (const option of (schema[key] as JsonSchema[] | undefined) ?? []) {
      found.push(...unboundedFields(option, path, root, seen));
    }
  }
  const types = ([] as unknown[]).concat(schema.type ?? []);
  const fixed = schema.enum !== undefined || schema.const !== undefined;
  if (types.includes('string') && !fixed && schema.maxLength === undefined && schema.format === undefined) {
    found.push(`${path}: text without a maximum length`);
  }
  const numeric = types.includes('number') || types.includes('integer');
  if (numeric && !fixed && schema.maximum === undefined && schema.exclusiveMaximum === undefined) {
    found.push(`${path}: number without a maximum`);
  }
  if (types.includes('array')) {
    if (schema.maxItems === undefined) found.push(`${path}: list without a maximum size`);
    if (schema.items) found.push(...unboundedFields(schema.items as JsonSchema, `${path}[]`, root, seen));
  }
  for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
    found.push(...unboundedFields(property, `${path}.${name}`, root, seen));
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    found.push(...unboundedFields(schema.additionalProperties as JsonSchema, `${path}.*`, root, seen));
  }
  return found;
}

async function requestProblems(): Promise<string[]> {
  const problems: string[] = [];
  for (const endpoints of Object.values(endpointsByDomain)) {
    for (const endpoint of Object.values(endpoints)) {
      const schemas = await endpoint.schemas();
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = schemas[part];
        if (!schema) continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
        for (const problem of unboundedFields(json, part, json)) {
          problems.push(`${endpoint.method} ${endpoint.path} ${problem}`);
        }
      }
    }
  }
  return problems;
}

describe('request bounds', () => {
  test('the walker finds an unbounded text, number and list', () => {
    const schema = z.object({ name: z.string(), count: z.number(), tags: z.array(z.string().max(5)) });
    const json = z.toJSONSchema(schema, { io: 'input' }) as JsonSchema;
    expect(unboundedFields(json, 'body', json)).toEqual([
      'body.name: text without a maximum length',
      'body.count: number without a maximum',
      'body.tags: list without a maximum size',
    ]);
  });

  test('every endpoint bounds every text, number and list it accepts', async () => {
    expect(await requestProblems()).toEqual([]);
  });
});
