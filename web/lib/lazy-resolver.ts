// A react-hook-form resolver whose zod schema (and zod itself) loads when the form is first checked:
// a page whose first screen is a form need not wait for them.
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<z.ZodType<T, T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchema()]).then(([{ zodResolver }, schema]) => zodResolver(schema));
    return (await resolver)(values, context, options);
  };
}
