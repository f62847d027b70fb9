// Form rules taken from the contract schema the server validates with, so the form refuses what the server would.
import type { Rule } from 'antd/es/form';
import { fieldSchemaAt } from '@registry/contracts';
import type { z } from 'zod';

/**
 * An antd rule that checks the field against its schema and shows the schema's message: an out-of-range number is
 * refused with the field named rather than silently changed (InputNumber's min/max would clamp it).
 */
export function schemaRule(schema: z.ZodType, field: string): Rule {
  const fieldSchema = fieldSchemaAt(schema, field);
  return {
    validator: async (_rule, value: unknown) => {
      const result = fieldSchema.safeParse(value === '' ? undefined : value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value.');
    },
  };
}
