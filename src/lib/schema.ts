import { Type } from "@sinclair/typebox";
import { t } from "elysia";

/**
 * An enum without a default: Elysia's t.UnionEnum defaults to its first value, so an optional
 * field left out would silently become that value, and OpenAPI would show it as the default.
 */
export const oneOf = <T extends readonly [string, ...string[]]>(values: T) => t.UnionEnum(values, { default: undefined });

/** A whole number in an answer: Elysia's t.Integer also takes numeric strings (for queries), which answers never send. */
export const integer = () => Type.Integer();

/**
 * Text the service trims and then measures against `limit`, so that it can say which rule failed
 * (translated): the model refuses only what could not fit even with surrounding spaces.
 */
export const trimmedText = (limit: number) => t.String({ maxLength: limit + 100 });
