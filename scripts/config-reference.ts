// The configuration reference of docs/configuration.md, written from the config's zod schema:
// each key's type and default from its JSON Schema (the one `npm run schema` publishes), its
// meaning from the TSDoc comment on the key in src/config/. `npm run docs:examples` writes it;
// test/docs/docs.test.ts fails when the page and the schema part.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { configJsonSchema } from "./config-schema.js";

const SOURCES = ["src/config/schema.ts"];
const root = fileURLToPath(new URL("../", import.meta.url));

/** A key of an object schema in the source: its comment, and the schema variable it nests. */
interface SourceKey {
  doc: string;
  nested?: string;
}

type JsonSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** The leftmost name of `x.default(...).min(1)`: `x`. */
function headName(node: ts.Expression): string | undefined {
  if (ts.isIdentifier(node)) return node.text;
  if (ts.isCallExpression(node) || ts.isPropertyAccessExpression(node))
    return headName(node.expression);
  return undefined;
}

/** The comment on a key, its lines joined. */
function docOf(node: ts.Node): string {
  return ts
    .getJSDocCommentsAndTags(node)
    .map((doc) => (typeof doc.comment === "string" ? doc.comment : ""))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Each `const name = z.strictObject({...})` of the sources: its keys with their comments. */
function sourceKeys(): Map<string, Map<string, SourceKey>> {
  const objects = new Map<string, Map<string, SourceKey>>();
  for (const path of SOURCES) {
    const text = readFileSync(`${root}${path}`, "utf8");
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node, owner: string | undefined, ownerDoc: string): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
        owner = node.name.text;
        ownerDoc = docOf(node);
      }
      if (
        owner &&
        ts.isCallExpression(node) &&
        node.expression.getText(file).endsWith("strictObject") &&
        node.arguments[0] &&
        ts.isObjectLiteralExpression(node.arguments[0]) &&
        !objects.has(owner)
      ) {
        const keys = new Map<string, SourceKey>();
        for (const property of node.arguments[0].properties) {
          if (!ts.isPropertyAssignment(property)) continue;
          const name = property.name.getText(file);
          // A key without a comment of its own is told by its object's (thresholds).
          const doc = docOf(property) || ownerDoc;
          keys.set(name, { doc, nested: headName(property.initializer) });
        }
        objects.set(owner, keys);
      }
      ts.forEachChild(node, (child) => visit(child, owner, ownerDoc));
    };
    visit(file, undefined, "");
  }
  return objects;
}

const code = (value: unknown): string => `\`${JSON.stringify(value)}\``;

/** A key's type in words, from its JSON Schema. */
function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map(code).join(", ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  const bounded = schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER;
  const range =
    schema.minimum !== undefined && bounded
      ? ` ${schema.minimum} to ${schema.maximum}`
      : schema.minimum !== undefined
        ? ` from ${schema.minimum}`
        : "";
  switch (schema.type) {
    case "array":
      return `list of ${schema.items ? typeOf(schema.items) : "values"}`;
    case "integer":
      return `integer${range}`;
    case "number":
      return `number${range}`;
    case "string":
      return schema.format === "uri" ? "URL" : "string";
    case "object":
      return "object";
    default:
      return schema.type ?? "any";
  }
}

// "Default 30." / "Default: site.thresholds.brightgreen." inside a comment.
const DEFAULT_SENTENCE = /\s*\bDefault\b:?\s*(.*?)\.(?=\s|$)/;

// A stated default longer than this carries an explanation, kept with the meaning.
const MAX_DEFAULT = 30;

/** A table cell: one line, pipes escaped. */
const cell = (text: string): string => text.replace(/\|/g, "\\|");

interface Row {
  key: string;
  type: string;
  default: string;
  meaning: string;
}

function rowsOf(
  objects: Map<string, Map<string, SourceKey>>,
  owner: string,
  schema: JsonSchema,
  prefix: string,
): Row[] {
  const keys = objects.get(owner);
  if (!keys) throw new Error(`config-reference: no strictObject named ${owner} in ${SOURCES}`);
  const rows: Row[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    if (name === "$schema") continue;
    const key = keys.get(name);
    if (property.type === "object" && key?.nested && objects.has(key.nested)) {
      rows.push(...rowsOf(objects, key.nested, property, `${prefix}${name}.`));
      continue;
    }
    if (!key?.doc)
      throw new Error(`config-reference: ${prefix}${name} has no comment in src/config/`);
    const stated = DEFAULT_SENTENCE.exec(key.doc)?.[1];
    const required = schema.required?.includes(name) && property.default === undefined;
    const fromSchema = property.default !== undefined;
    // The comment's "Default ..." goes to the default cell, unless it says more than the value.
    const keepStated = fromSchema && stated !== undefined && stated.length > MAX_DEFAULT;
    rows.push({
      key: `${prefix}${name}`,
      type: typeOf(property),
      default: required ? "required" : fromSchema ? code(property.default) : (stated ?? "none"),
      meaning: keepStated ? key.doc : key.doc.replace(DEFAULT_SENTENCE, "").trim(),
    });
  }
  return rows;
}

/** The reference as a Markdown table: every key of the config, its type, default and meaning. */
export function configReference(): string {
  const rows = rowsOf(sourceKeys(), "configSchema", configJsonSchema() as JsonSchema, "");
  const lines = [
    "| key | type | default | meaning |",
    "| --- | --- | --- | --- |",
    ...rows.map(
      (r) => `| \`${r.key}\` | ${cell(r.type)} | ${cell(r.default)} | ${cell(r.meaning)} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}
