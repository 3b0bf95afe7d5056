import { z } from "zod";
import {
  componentPathProblem,
  parseTripleString,
  segmentProblem,
  toComponentPath,
  WILDCARD,
  wildcardProjectProblem,
} from "./triple.js";

// The config's `translations`: a list of triples, each a string or an object of three slugs.

export const slugIn = (position: "project" | "language") =>
  z.string().superRefine((value, ctx) => {
    // A project wildcard is checked with its component, on the whole object.
    if (value === WILDCARD) return;
    const problem = segmentProblem(value);
    if (problem)
      ctx.addIssue({
        code: "custom",
        message: `the ${position} ${problem}; expected a Weblate slug such as "my-project"`,
      });
  });

/** A component's slug, or its path inside categories ("docs/usage" or "docs%2Fusage"), or `*`. */
const componentIn = z
  .string()
  .superRefine((value, ctx) => {
    if (value === WILDCARD) return;
    const problem = componentPathProblem(toComponentPath(value));
    if (problem)
      ctx.addIssue({
        code: "custom",
        message:
          `the component ${problem}; expected a Weblate slug such as "my-component", or ` +
          `"category/component"`,
      });
  })
  .transform(toComponentPath);

/**
 * `"project/component/language"`; `*` may stand for the component or the language, or for the
 * project and the component together (the whole instance, all languages or one); a component
 * inside categories is written with its category path (`"project/docs/usage/de"`).
 */
const tripleStringSchema = z.string().superRefine((value, ctx) => {
  const parsed = parseTripleString(value);
  if (parsed.problem) ctx.addIssue({ code: "custom", message: parsed.problem });
});

const tripleObjectSchema = z
  .strictObject({
    project: slugIn("project"),
    component: componentIn,
    language: slugIn("language"),
  })
  .superRefine((triple, ctx) => {
    const problem = wildcardProjectProblem(triple.project, triple.component);
    if (problem) ctx.addIssue({ code: "custom", path: ["component"], message: problem });
  });

const quoted = (value: string) => JSON.stringify(value);

/** The translations to track: at least one triple. */
export const translationsSchema = z
  .array(
    z.union([tripleStringSchema, tripleObjectSchema], {
      error: 'expected "project/component/language" or {"project", "component", "language"}',
    }),
    {
      // A lone string is the common slip: say "list" and show the fix, not "missing".
      error: ({ input }) =>
        input === undefined
          ? 'missing; expected a list of "project/component/language" strings'
          : typeof input === "string"
            ? `must be a list, found the string ${quoted(input)}; write [${quoted(input)}]`
            : 'must be a list of "project/component/language" strings',
    },
  )
  .min(1, 'expected at least one "project/component/language"');
