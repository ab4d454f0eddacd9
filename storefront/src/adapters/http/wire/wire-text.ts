import { z } from 'zod/mini';

/** A text field the server may leave out or null: read as '' (wire format: strings may be empty). */
export const wireText = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value ?? ''),
);

/** A non-empty string (ids, tokens). */
export const wireId = z.string().check(z.minLength(1));

/** A boolean the server may leave out or null: read as false. */
export const wireFlag = z.pipe(
  z.nullish(z.boolean()),
  z.transform((value) => value ?? false),
);
