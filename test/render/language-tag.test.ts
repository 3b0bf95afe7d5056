import { describe, expect, it } from "vitest";
import { languageTag, nativeName } from "../../src/render/model/language-names.js";

// Weblate's @-modifiers as BCP 47 says them: a Latin-script language is named in Latin letters.
// (A trial found sr@latin named "српски".)

describe("Weblate codes with an @-modifier", () => {
  it("keep their script or variant in the tag", () => {
    expect(languageTag("sr@latin")).toBe("sr-Latn");
    expect(languageTag("uz@cyrillic")).toBe("uz-Cyrl");
    expect(languageTag("ca@valencia")).toBe("ca-valencia");
    expect(languageTag("be@tarask")).toBe("be");
    expect(languageTag("zh_Hans")).toBe("zh-Hans");
  });

  it("are named in their own script", () => {
    expect(nativeName("sr@latin", "Serbian (latin)")).toBe("srpski (latinica)");
    expect(nativeName("sr", "Serbian")).toBe("српски");
  });
});
