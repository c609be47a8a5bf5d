import { z } from 'zod';

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect) for the published document, without its $schema
 * line. A date-time says so by its `format`: zod's own pattern for it (a page of regular expression) is an
 * implementation detail that readers of the reference should not have to decode, so it is left out.
 */
export function publishedJsonSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  unrepresentable: 'any' | 'throw' = 'throw',
): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable,
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === 'date-time') delete jsonSchema.pattern;
    },
  }) as Record<string, unknown>;
  return rest;
}
