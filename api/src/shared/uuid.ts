import { z } from 'zod';

const uuid = z.uuid();

/** Whether a path or argument names something by id at all (anything else cannot exist). */
export const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;
