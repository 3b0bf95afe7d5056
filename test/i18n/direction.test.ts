import { afterEach, describe, expect, it } from "vitest";
import { localeDirection } from "../../src/i18n/locale-format.js";

// A page's direction (its locale's) comes from Intl Locale Info where Node has it;
// V8 means to drop the older `textInfo` getter for `getTextInfo()`, so neither may be there.
const proto = Intl.Locale.prototype as object;
const saved = ["textInfo", "getTextInfo"].map(
  (name) => [name, Object.getOwnPropertyDescriptor(proto, name)] as const,
);

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(proto, name, descriptor);
    else Reflect.deleteProperty(proto, name);
  }
});

const tags = ["ar", "he", "fa", "ur", "dv", "ckb-IQ", "en", "ja", "pt-BR", "sr-Cyrl"];
const expected = ["rtl", "rtl", "rtl", "rtl", "rtl", "rtl", "ltr", "ltr", "ltr", "ltr"];

describe("localeDirection", () => {
  it("knows right-to-left languages from this Node's Intl, Dhivehi (Thaana) included", () => {
    expect(tags.map(localeDirection)).toEqual(expected);
  });

  it("still knows them on a Node without either Intl Locale Info getter", () => {
    for (const [name] of saved) Reflect.deleteProperty(proto, name);
    expect(Reflect.get(new Intl.Locale("ar"), "textInfo")).toBeUndefined();
    expect(tags.map(localeDirection)).toEqual(expected);
  });

  it("reads getTextInfo() where a Node has only the method", () => {
    for (const [name] of saved) Reflect.deleteProperty(proto, name);
    let asked = 0;
    Object.defineProperty(proto, "getTextInfo", {
      configurable: true,
      value(this: Intl.Locale) {
        asked += 1;
        return { direction: this.language === "ar" ? "rtl" : "ltr" };
      },
    });
    expect(localeDirection("ar")).toBe("rtl");
    expect(localeDirection("en")).toBe("ltr");
    expect(asked).toBe(2);
  });

  it("says left to right for a tag Intl cannot read", () => {
    expect(localeDirection("not a tag")).toBe("ltr");
  });
});
