import { z } from "zod";
import { API_PREFIX, Headers } from "../../contract/constants.ts";
import { envelopeSchema, errorDataSchema } from "../../contract/envelope.ts";
import { errorCatalogue } from "../../contract/errors.ts";
import { type RouteContract, routes } from "../../contract/routes.ts";

type JsonSchema = Record<string, unknown>;

const toSchema = (schema: z.ZodType, io: "input" | "output"): JsonSchema =>
  z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" }) as JsonSchema;

/** `/user/avatar/:id` → `/v2/api/user/avatar/{id}` */
export const openApiPath = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)/g, "{$1}")}`;

interface Parameter {
  name: string;
  in: "header" | "query" | "path";
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

/** One parameter per property of an object schema (query or path), with its own JSON Schema. */
function parametersOf(schema: z.ZodType | undefined, where: "query" | "path"): Parameter[] {
  if (!schema) return [];
  const json = toSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    return {
      name,
      in: where,
      required: where === "path" || required.has(name),
      ...(typeof description === "string" ? { description } : {}),
      schema: rest,
    };
  });
}

/** The guards' headers: a device number on every call (unless the query may carry it), a token, the API key. */
function guardHeaders(route: RouteContract, query: Parameter[]): Parameter[] {
  if (route.file) return [];
  const deviceInQuery = query.some((parameter) => parameter.name === "deviceNo");
  return [
    {
      name: Headers.deviceNo,
      in: "header",
      required: !deviceInQuery,
      schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,64}$" },
    },
    { name: Headers.authorization, in: "header", required: false, schema: { type: "string" } },
    { name: Headers.apiKey, in: "header", required: false, schema: { type: "string" } },
  ];
}

function success(route: RouteContract) {
  if (route.file) {
    const schema = route.file === "application/json" ? { type: "object" } : { type: "string", format: "binary" };
    return { description: route.file, content: { [route.file]: { schema } } };
  }
  if (route.events) {
    return {
      description: `text/event-stream; events: ${Object.keys(route.events).join(", ")}`,
      content: {
        "text/event-stream": {
          schema: { oneOf: Object.values(route.events).map((schema) => toSchema(schema, "output")) },
        },
      },
    };
  }
  return {
    description: "code 200",
    content: { "application/json": { schema: toSchema(envelopeSchema(route.data), "output") } },
  };
}

function operation(name: string, route: RouteContract) {
  const errorCodes = [1001, 4003, ...(route.errors ?? [])];
  const query = parametersOf(route.query, "query");
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.tag],
    parameters: [...parametersOf(route.params, "path"), ...query, ...guardHeaders(route, query)],
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(route.body, "input") } } } }
      : {}),
    responses: {
      "200": success(route),
      default: {
        description: `error envelope; codes ${errorCodes.join(", ")}`,
        content: { "application/json": { schema: toSchema(envelopeSchema(errorDataSchema), "output") } },
      },
    },
  };
}

export type OpenApiOperation = ReturnType<typeof operation>;

/** The OpenAPI document of the contract, generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  for (const [name, route] of Object.entries(routes) as [string, RouteContract][]) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operation(name, route) };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "MountainLion API",
      version,
      description: `Every response is an envelope { code, msg, data }. Error codes: ${Object.values(errorCatalogue)
        .map((entry) => `${entry.code} ${entry.meaning}`)
        .join("; ")}.`,
    },
    paths,
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
