import { lexicographicSortSchema, printSchema } from 'graphql';
import { builder } from '../builder';
import './user';
import './auth';
import './account-care';
import './credit-history';
import './credit-buckets';
import './generation-claims';
import './generation';
import './sharing';
import './contact';
import './billing';
import './gift';
import './staff-gifts';
import './staff-support';
import './staff-finance';
import './staff-operations';

export const schema = builder.toSchema();

/** The SDL committed as schema.graphql: sorted, so the diff shows real changes only. */
export const printSortedSchema = () => `${printSchema(lexicographicSortSchema(schema))}\n`;
