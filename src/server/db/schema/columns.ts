/**
 * The column types the tables share. Dialect-neutral storage: times are bigint milliseconds (read
 * back through Number(), since PostgreSQL returns bigint as a string), booleans integer 0/1, JSON
 * as text.
 */
import type { ColumnType } from 'kysely';

type DbInteger = ColumnType<number | string | bigint, number, number>;
export type Millis = DbInteger;
export type NullableMillis = ColumnType<number | string | bigint | null, number | null, number | null>;
export type Flag = DbInteger;
export type Count = DbInteger;
