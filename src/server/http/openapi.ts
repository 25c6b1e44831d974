import { z } from "zod";
import { API_PREFIX, Headers } from "../../contract/constants.ts";
import { envelopeSchema, errorDataSchema } from "../../contract/envelope.ts";
import { errorCatalogue } from "../../contract/errors.ts";
import { type RouteContract, routes } from "../../contract/routes.ts";

const toSchema = (schema: z.ZodType, io: "input" | "output") =>
  z.toJSONSchema(schema, { target: "openapi-3.0", io, unrepresentable: "any" });

function operation(name: string, route: RouteContract) {
  const errorCodes = [1001, 4003, ...(route.errors ?? [])];
  return {
    operationId: name,
    summary: route.summary,
    tags: [route.tag],
    parameters: [
      {
        name: Headers.deviceNo,
        in: "header",
        required: true,
        schema: { type: "string", pattern: "^[A-Za-z0-9_-]{8,64}$" },
      },
      { name: Headers.authorization, in: "header", required: false, schema: { type: "string" } },
      { name: Headers.apiKey, in: "header", required: false, schema: { type: "string" } },
    ],
    ...(route.body
      ? { requestBody: { required: true, content: { "application/json": { schema: toSchema(route.body, "input") } } } }
      : {}),
    responses: {
      "200": route.events
        ? {
            description: `text/event-stream; events: ${Object.keys(route.events).join(", ")}`,
            content: {
              "text/event-stream": {
                schema: { oneOf: Object.values(route.events).map((schema) => toSchema(schema, "output")) },
              },
            },
          }
        : {
            description: "code 200",
            content: { "application/json": { schema: toSchema(envelopeSchema(route.data), "output") } },
          },
      default: {
        description: `error envelope; codes ${errorCodes.join(", ")}`,
        content: { "application/json": { schema: toSchema(envelopeSchema(errorDataSchema), "output") } },
      },
    },
  };
}

/** The OpenAPI document of the contract, generated from the same zod schemas the server validates with. */
export function buildOpenApiDocument(version: string) {
  const paths: Record<string, Record<string, ReturnType<typeof operation>>> = {};
  for (const [name, route] of Object.entries(routes) as [string, RouteContract][]) {
    const path = `${API_PREFIX}${route.path}`;
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
