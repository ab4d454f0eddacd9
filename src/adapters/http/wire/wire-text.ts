import { z } from 'zod';

/** A text field the server may leave out or null: read as '' (wire format: strings may be empty). */
export const wireText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
