import { z } from "zod";
import { canonicalTag } from "../text/locale-tag.js";

// The site's languages in the config: the pages' locales (site.locales) and the badges' one
// (site.badges.locale), BCP 47 tags made canonical.

/** A BCP 47 locale tag ("de", "pt-BR", "zh-Hans"), made canonical. */
export const localeTag = z
  .string('expected a locale tag such as "de" or "pt-BR"')
  .transform((value, ctx) => {
    const tag = /^[A-Za-z0-9-]{2,35}$/.test(value) ? canonicalTag(value) : undefined;
    if (tag) return tag;
    ctx.addIssue({
      code: "custom",
      message:
        'expected a BCP 47 locale tag such as "de" or "pt-BR", ' + `found ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

/** The language of the badge and widget files, which every locale of the site shares. */
export const badgeOptionsSchema = z.strictObject({
  /** Locale of the badges' and widgets' words ("translated", "no strings"). Default "en". */
  locale: localeTag.default("en"),
});

/** The site's locales (site.locales, whose comment in schema.ts says what they are). */
export const localesSchema = z
  .array(localeTag)
  .min(1, 'expected at least one locale, e.g. ["en"]')
  .max(100)
  .default(["en"])
  .superRefine((tags, ctx) => {
    const twice = tags.find((tag, i) => tags.indexOf(tag) !== i);
    if (twice) ctx.addIssue({ code: "custom", message: `the locale "${twice}" is listed twice` });
  });
